import { describe, expect, it } from "vitest";
import { getPost, listPosts } from "#app/features/site/blog/blog.server.ts";

/** A fixture post through the blog's build step (scripts/site-blog-markdown.ts), as blog.server.ts imports its posts. */
async function buildFixturePost(fileName: string): Promise<{ summary: { slug: string }; html: string }> {
  const module = (await import(/* @vite-ignore */ `./blog-fixtures/${fileName}?blog-post`)) as {
    default: { summary: { slug: string }; html: string };
  };
  return module.default;
}

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

describe("the blog's build step", () => {
  it("escapes raw HTML in a post instead of passing it through", async () => {
    const post = await buildFixturePost("raw-html.md");
    expect(post.summary.slug).toBe("raw-html");
    expect(post.html).toContain("<p>A paragraph with <em>emphasis</em>.</p>");
    expect(post.html).toContain("&lt;script&gt;alert(&quot;raw&quot;)&lt;/script&gt;");
    expect(post.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(post.html).not.toMatch(/<script|<img/i);
  });

  it("fails on a post whose front matter breaks the rules, naming the field", async () => {
    await expect(buildFixturePost("short-description.md")).rejects.toThrow(
      /short-description\.md: invalid front matter\n[\s\S]*at description/,
    );
  });

  it("fails on a post whose file name is not a kebab-case slug", async () => {
    await expect(buildFixturePost("Not_Kebab_Case.md")).rejects.toThrow(/Not_Kebab_Case\.md: needs a lower-case kebab-case file name/);
  });
});
