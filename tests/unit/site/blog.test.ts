import { describe, expect, it } from "vitest";
import { getPost, listPosts } from "#app/features/site/blog/blog.server.ts";

describe("the blog", () => {
  it("lists at least four posts, newest first, each with its own title and description", () => {
    const posts = listPosts();
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(posts.map((post) => post.date)).toEqual([...posts.map((post) => post.date)].sort().reverse());
    expect(new Set(posts.map((post) => post.title)).size).toBe(posts.length);
    expect(new Set(posts.map((post) => post.description)).size).toBe(posts.length);
  });

  it("renders each listed post to HTML under its slug", () => {
    for (const summary of listPosts()) {
      const post = getPost(summary.slug);
      expect(post?.title).toBe(summary.title);
      expect(post?.html).toMatch(/<p>/);
      expect(post?.html).not.toMatch(/<script/i);
    }
  });

  it("knows no post for an unknown or path-like slug", () => {
    expect(getPost("no-such-post")).toBeNull();
    expect(getPost("../root")).toBeNull();
  });
});
