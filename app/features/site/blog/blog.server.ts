import { Marked } from "marked";
import { z } from "zod";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/**
 * "Insider Info": one Markdown file per post in app/content/blog, slug = file name.
 *
 * Trust: only files committed to this repository are rendered, and the HTML reaches the page
 * through dangerouslySetInnerHTML. Raw HTML inside a post is escaped rather than passed through,
 * so a post yields only the elements Markdown itself produces; link URLs are not filtered. Content
 * from anywhere else (a CMS, member submissions) would need a real HTML sanitizer first.
 */
const postFiles = import.meta.glob<string>("./posts/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

const frontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(120).max(160),
  date: z.iso.date(),
  author: z.string().min(1),
});

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

interface PostSource {
  summary: PostSummary;
  markdown: string;
}

const markdown = new Marked({
  gfm: true,
  renderer: { html: ({ text }) => escapeMarkup(text) },
});

const frontMatterBlock = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

/** A deliberately small subset of YAML: one `key: value` per line, the value optionally in double quotes. */
function readFrontMatter(lines: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of lines.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    fields[line.slice(0, colon).trim()] = line
      .slice(colon + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
  }
  return fields;
}

function readPost(path: string, source: string): PostSource {
  const slug = path.slice(path.lastIndexOf("/") + 1, -".md".length);
  const block = frontMatterBlock.exec(source);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || !block) {
    throw new Error(`Blog post ${path}: needs a lower-case kebab-case file name and a front matter block`);
  }
  const frontMatter = frontMatterSchema.safeParse(readFrontMatter(block[1] ?? ""));
  if (!frontMatter.success) {
    throw new Error(`Blog post ${path}: invalid front matter\n${z.prettifyError(frontMatter.error)}`);
  }
  return { summary: { slug, ...frontMatter.data }, markdown: block[2] ?? "" };
}

// Read on each call rather than at module load: a malformed post then breaks the blog routes
// (and the unit tests), not every page of the Worker. A handful of small files costs microseconds.
function readPosts(): PostSource[] {
  return Object.entries(postFiles)
    .map(([path, source]) => readPost(path, source))
    .sort((a, b) => b.summary.date.localeCompare(a.summary.date) || a.summary.slug.localeCompare(b.summary.slug));
}

/** Every post, newest first. */
export function listPosts(): PostSummary[] {
  return readPosts().map((post) => post.summary);
}

/** One post with its body rendered to HTML, or null when no post has that slug. */
export function getPost(slug: string): Post | null {
  const post = readPosts().find((candidate) => candidate.summary.slug === slug);
  if (!post) return null;
  return { ...post.summary, html: markdown.parse(post.markdown, { async: false }) };
}
