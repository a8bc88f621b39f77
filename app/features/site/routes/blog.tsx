import { Link } from "react-router";
import type { Route } from "./+types/blog";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { listPosts } from "../blog/blog.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { formatPostDate } from "../blog/post-date.ts";
import { club } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Insider Info",
    description: `Humidor craft, wrapper guides, Oregon pairings and notes from the door: the stewards and staff of ${club.name} on the cigar life in Portland.`,
  });

export function loader() {
  return listPosts();
}

export default function Blog({ loaderData: posts }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Insider Info" title="Notes from the humidor room">
        <p>
          What our stewards, bartenders and Cigar Academy teachers tell members across the counter, written down for anyone curious about
          how a private cigar society is kept.
        </p>
      </PageHero>
      <Section id="posts" eyebrow="Latest first" title="From the lounges">
        <ul className="grid gap-6 md:grid-cols-2">
          {posts.map((post) => (
            <li key={post.slug} className="flex flex-col rounded-sm border border-cedar bg-humidor p-7">
              <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">
                <time dateTime={post.date}>{formatPostDate(post.date)}</time>
              </p>
              <h3 className="mt-3 text-2xl text-cream">
                <Link to={`/blog/${post.slug}`} className="underline decoration-brass-deep underline-offset-4 hover:text-brass">
                  {post.title}
                </Link>
              </h3>
              <p className="mt-3 flex-1 text-smoke">{post.description}</p>
              <p className="mt-5 text-sm text-smoke">By {post.author}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="sit-down" title="Read it, then taste it" tone="humidor">
        <p className="max-w-2xl text-lg text-smoke">
          Everything on this page is taught with real tobacco in the Cigar Academy, and argued over most nights at the bar. Membership
          begins with a sit-down.
        </p>
        <div className="mt-8">
          <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
        </div>
      </Section>
    </>
  );
}
