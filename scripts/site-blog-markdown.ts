import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { Marked } from "marked";
import type { Plugin } from "vite";
import { z } from "zod";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/**
 * The blog's Markdown turned into HTML while Vite builds (registered in vite.config.ts, the bench
 * SPA's config and vitest.config.ts), so the Worker ships finished posts and no Markdown renderer.
 * A module imported as `<slug>.md?blog-post` (app/features/site/blog/blog.server.ts globs them)
 * becomes `export default { summary, html }`; a post with a bad file name or front matter fails
 * the build, and the dev server's page, with the reason.
 *
 * Trust: only files committed to this repository are rendered, and the HTML reaches the page
 * through dangerouslySetInnerHTML. Raw HTML inside a post is escaped rather than passed through,
 * so a post yields only the elements Markdown itself produces; link URLs are not filtered. Content
 * from anywhere else (a CMS, member submissions) would need a real HTML sanitizer first.
 */
export function blogMarkdown(): Plugin {
  return {
    name: "site:blog-markdown",
    load: {
      filter: { id: /\.md\?blog-post$/ },
      handler(id) {
        const path = id.slice(0, -"?blog-post".length);
        return `export default ${JSON.stringify(renderPost(path, readFileSync(path, "utf8")))};`;
      },
    },
  };
}

const frontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(120).max(160),
  date: z.iso.date(),
  author: z.string().min(1),
});

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

/** The shape of blog.server.ts's `Post`, split into what the list shows and the body. */
function renderPost(path: string, source: string) {
  const slug = basename(path, ".md");
  const block = frontMatterBlock.exec(source);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || !block) {
    throw new Error(`Blog post ${path}: needs a lower-case kebab-case file name and a front matter block`);
  }
  const frontMatter = frontMatterSchema.safeParse(readFrontMatter(block[1] ?? ""));
  if (!frontMatter.success) {
    throw new Error(`Blog post ${path}: invalid front matter\n${z.prettifyError(frontMatter.error)}`);
  }
  return { summary: { slug, ...frontMatter.data }, html: markdown.parse(block[2] ?? "", { async: false }) };
}
