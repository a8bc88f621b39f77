import { data, Form } from "react-router";
import type { Route } from "./+types/member-calendar";
import { calendarFeedForm } from "../calendar-feed-forms.ts";
import { CopyAddressButton } from "../copy-address.tsx";
import { CalendarLinks } from "../calendar-links.tsx";
import { calendarFeedOf, calendarFeedUrl, createCalendarFeed, revokeCalendarFeed } from "../calendar-files.server.ts";
import { requestContext } from "#app/context.ts";
import { club } from "#app/features/site/site-config.ts";
import { entitlementsOf } from "#app/features/site/tier-entitlements.ts";
import { formatPortlandDateTime } from "#app/features/member-area/member-dates.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Your calendar feed",
    description: `Your ${club.name} bookings in the calendar app on your phone or computer.`,
  }),
  { name: "robots", content: "noindex" },
];

/**
 * The member's private calendar feed (docs/product-rules.md#calendar-files-and-the-private-feed,
 * docs/security.md#calendar-feeds): what it is, whether they have one and when a calendar app last
 * read it. Its address is shown once, in the answer to the form that makes it: only its hash is
 * kept, so no later visit can show it again. Null while the rules step shows.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const { env } = context.get(requestContext);
  const feed = await calendarFeedOf(env.DB, member.id);
  return {
    meetingRooms: entitlementsOf(member.tier).meetingRooms,
    feed: feed && {
      made: formatPortlandDateTime(feed.createdAt),
      lastRead: feed.lastReadAt === null ? null : formatPortlandDateTime(feed.lastReadAt),
    },
  };
}

/** An answer of this page's forms; `address` only in the answer that made it. */
type CalendarFeedAnswer = ActionResult & { address?: string };

/** Makes (or replaces) the member's feed address, or stops the feed; each audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireMemberWithAcceptedRules(request, context);
  const { env, config, logSecurityEvent: log } = context.get(requestContext);
  const form = await readSubmission(request, calendarFeedForm, { form: "feed" });
  if (!form.ok) return form.invalid;

  if (form.data.intent === "make-feed") {
    const { token, replaced } = await createCalendarFeed(env.DB, member.id, Date.now());
    log({
      userId: member.id,
      eventType: replaced ? "calendar_feed_replaced" : "calendar_feed_created",
      severity: replaced ? "medium" : "low",
      description: replaced ? "calendar feed address replaced; the old one no longer works" : "calendar feed address made",
    });
    return data<CalendarFeedAnswer>({
      form: "feed",
      ok: true,
      toast: replaced
        ? { title: "New address made", description: "The old address no longer works. Copy the new one now: it is shown only once." }
        : { title: "Feed address made", description: "Copy it now: it is shown only once." },
      address: calendarFeedUrl(config.SITE_URL, token),
    });
  }

  if (!(await revokeCalendarFeed(env.DB, member.id))) {
    return data<CalendarFeedAnswer>({ form: "feed", ok: false, error: "You have no calendar feed to stop." }, { status: 404 });
  }
  log({ userId: member.id, eventType: "calendar_feed_revoked", severity: "low", description: "calendar feed stopped" });
  return data<CalendarFeedAnswer>({
    form: "feed",
    ok: true,
    toast: { title: "Calendar feed stopped", description: "Its address no longer works; your calendar app will stop updating it." },
  });
}

export default function MemberCalendar({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  const address = actionData && "address" in actionData && typeof actionData.address === "string" ? actionData.address : null;
  const { feed } = loaderData;
  return (
    <>
      <PageHero eyebrow="Club calendar" title="Your calendar feed">
        <p>
          Subscribe once, and your bookings appear in the calendar app on your phone or computer: the events and Academy sessions you hold a
          place at, and your meeting-room hours. As you book and cancel here, your calendar follows within about an hour.
        </p>
        <CalendarLinks meetingRooms={loaderData.meetingRooms} />
      </PageHero>

      <Section id="feed" eyebrow="Private" title={feed ? "Your feed is on" : "You have no feed yet"}>
        <div className="max-w-3xl space-y-4 text-smoke">
          <p>
            The feed holds only your own bookings, in Portland time: no waitlist places, and nothing about any other member. Bookings
            cancelled since stay in it, marked cancelled, for 30 days.
          </p>
          <p>
            Its address is private: whoever has it can read your bookings. We show it once, when it is made, and keep only a fingerprint of
            it, so not even the club can show it again. If you lose it, or think someone else has it, make a new one: the old address stops
            working at once.
          </p>
        </div>

        {address ? <NewAddress address={address} /> : null}

        {feed ? (
          <dl className="mt-8 grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-smoke">
            <dt>Made</dt>
            <dd>{feed.made}</dd>
            <dt>Last read by a calendar app</dt>
            <dd>{feed.lastRead ?? "Not yet"}</dd>
          </dl>
        ) : null}

        <Form method="post" className="mt-8 flex max-w-3xl flex-wrap items-center gap-4">
          <SubmitButton name="intent" value="make-feed" variant={feed ? "secondary" : "primary"} aria-describedby="feed-alert">
            {feed ? "Replace address" : "Make my feed address"}
          </SubmitButton>
          {feed ? (
            <SubmitButton name="intent" value="stop-feed" variant="secondary" aria-describedby="feed-alert">
              Stop the feed
            </SubmitButton>
          ) : null}
        </Form>
        <FormAlert outcome={actionData} id="feed-alert" />
      </Section>
    </>
  );
}

/** The address just made, in a read-only field to copy, with where to paste it. */
function NewAddress({ address }: { address: string }) {
  return (
    <div className="mt-8 max-w-3xl rounded-sm border border-brass p-6">
      <h3 className="text-2xl text-cream">Your feed address</h3>
      <p id="feed-address-hint" className="mt-2 text-smoke">
        Copy it now: it will not be shown again. Then add it to your calendar app as a subscription.
      </p>
      <label htmlFor="feed-address" className="mt-4 block text-sm font-semibold uppercase tracking-[0.18em] text-brass">
        Feed address
      </label>
      <input
        id="feed-address"
        type="text"
        readOnly
        value={address}
        aria-describedby="feed-address-hint"
        onFocus={(event) => event.currentTarget.select()}
        className={inputClasses}
      />
      <CopyAddressButton address={address} describedBy="feed-address-hint" />
      <ul className="mt-5 list-disc space-y-1 pl-5 text-sm text-smoke">
        <li>Google Calendar (on a computer): Other calendars, +, From URL.</li>
        <li>Apple Calendar: File, New Calendar Subscription (on iPhone: Settings, Calendar, Accounts, Add Subscribed Calendar).</li>
        <li>Outlook: Add calendar, Subscribe from web.</li>
      </ul>
    </div>
  );
}
