/**
 * "Insider Info": one Markdown file per post in ./posts, slug = file name. The build renders each
 * post to HTML and checks its front matter (scripts/site-blog-markdown.ts, which also says what
 * HTML a post can contain), so a request only looks posts up.
 */
export interface PostSummary {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
}

export interface Post extends PostSummary {
  html: string;
}

/** What the `?blog-post` query makes of a post file. */
interface RenderedPost {
  summary: PostSummary;
  html: string;
}

const postFiles = import.meta.glob<RenderedPost>("./posts/*.md", {
  query: "?blog-post",
  import: "default",
  eager: true,
});

const posts = Object.values(postFiles).sort(
  (a, b) => b.summary.date.localeCompare(a.summary.date) || a.summary.slug.localeCompare(b.summary.slug),
);

/** Every post, newest first. */
export function listPosts(): PostSummary[] {
  return posts.map((post) => post.summary);
}

/** One post with its body as HTML, or null when no post has that slug. */
export function getPost(slug: string): Post | null {
  const post = posts.find((candidate) => candidate.summary.slug === slug);
  if (!post) return null;
  return { ...post.summary, html: post.html };
}
