import { data, Link } from "react-router";
import type { Route } from "./+types/blog-post";
import { PageHero } from "#app/ui/page-hero.tsx";
import { getPost } from "../blog/blog.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { formatPostDate } from "../blog/post-date.ts";
import { club } from "../site-config.ts";

export function loader({ params }: Route.LoaderArgs) {
  const post = getPost(params.slug);
  // An unknown slug answers 404; the root ErrorBoundary renders the Page Not Found screen.
  if (!post) throw data(null, { status: 404 });
  return post;
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData;
  if (!post) return [{ title: `Page Not Found | ${club.name}` }];
  return [
    ...pageMeta(args, { title: post.title, description: post.description, type: "article" }),
    { property: "article:published_time", content: post.date },
  ];
};

export default function BlogPost({ loaderData: post }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Insider Info" title={post.title}>
        <p>{post.description}</p>
      </PageHero>
      <article className="bg-night">
        <div className="mx-auto max-w-6xl px-5 py-14 sm:py-16">
          <p className="text-sm text-smoke">
            By <span className="text-cream">{post.author}</span>
            <span aria-hidden="true" className="px-2 text-brass">
              ◆
            </span>
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          </p>
          {/* Rendered from our own Markdown files only, with raw HTML escaped (scripts/site-blog-markdown.ts). */}
          <div className="prose-club mt-8 text-lg" dangerouslySetInnerHTML={{ __html: post.html }} />
          <p className="mt-12">
            <Link to="/blog" className="text-brass underline">
              More Insider Info
            </Link>
          </p>
        </div>
      </article>
    </>
  );
}
