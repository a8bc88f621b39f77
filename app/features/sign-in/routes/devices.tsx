import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/devices";
import { devicesPageForm } from "../device-forms.ts";
import { PASSKEY_NAME_MAX_LENGTH, signOutNameDetails } from "../devices-page.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { useConfirmationOnce } from "#app/ui/form/use-confirmation-once.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "#app/features/site/site-config.ts";
import { formatPortlandDate, formatPortlandDateTime } from "#app/features/member-area/member-dates.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { currentMemberSession } from "#app/features/sign-in/require-member.server.ts";
import { AddPasskeyButton } from "#app/features/sign-in/add-passkey-button.tsx";
import { SIGN_IN_AGAIN_TO_REMOVE_PASSKEY } from "#app/features/sign-in/sign-in-messages.ts";
import {
  clearedSessionCookie,
  endEveryMemberSession,
  endOneMemberSession,
  listMemberPasskeys,
  listMemberSessions,
  mayChangePasskeys,
  removeMemberPasskey,
  renameMemberPasskey,
} from "#app/features/sign-in/devices.server.ts";
import { calendarFeedOf, revokeCalendarFeed } from "#app/features/calendar/calendar-files.server.ts";
import { listMemberCards } from "#app/features/card/card.server.ts";

/**
 * "Sign-in & devices" (docs/product-rules.md#sign-in-and-devices): where the member is signed in
 * and with which passkeys, and the means to end any of it. Plain forms, each with its `intent`,
 * so every button works before (and without) JavaScript.
 */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Sign-in & devices",
    description: `Where you are signed in to ${club.name}, and the passkeys that open your membership.`,
  }),
  { name: "robots", content: "noindex" },
];

const methodWords = {
  passkey: "with a passkey",
  code: "with an emailed code",
  google: "with Google",
  invitation: "through an invitation link",
} as const;

/** Where "sign in again" goes: /auth, then back here with a session new enough to add a passkey. */
const SIGN_IN_AGAIN_PATH = "/auth?redirectTo=%2Fmembers%2Fdevices";

const timeLabel = (ms: number) => formatPortlandDateTime(new Date(ms).toISOString());
const dayLabel = (ms: number) => formatPortlandDate(new Date(ms).toISOString());

/**
 * A successful change answers with a 303 back to this page (post/redirect/get: the page then loads
 * with the cookie the change set), its confirmation named by `?done=` (and `&passkey=` for a
 * rename, whose new name the list holds). Nothing from the address is shown as it came.
 */
const DEVICES_PATH = "/members/devices";
const confirmations = {
  "device-signed-out": {
    title: "Device signed out",
    description: "That device will need to sign in again before it opens the members area.",
  },
  "passkey-removed": {
    title: "Passkey removed",
    description:
      "It no longer opens your membership, every other device has been signed out and your member cards revoked. You stay signed in here.",
  },
  "calendar-feed-stopped": {
    title: "Calendar feed stopped",
    description: "Its address no longer works; your calendar app will stop updating it.",
  },
} as const;

function backToDevices(done: keyof typeof confirmations | "passkey-renamed", headers?: HeadersInit, passkeyId?: string): Response {
  const query = new URLSearchParams({ done, ...(passkeyId ? { passkey: passkeyId } : {}) });
  return redirect(`${DEVICES_PATH}?${query.toString()}`, { status: 303, headers });
}

/** The confirmation a redirect back here names, as a successful action's outcome (a toast). */
function confirmationIn(url: URL, passkeys: { id: string; name: string }[]): ActionResult | null {
  const done = url.searchParams.get("done");
  if (done === "passkey-renamed") {
    const renamed = passkeys.find((passkey) => passkey.id === url.searchParams.get("passkey"));
    return renamed ? { form: "devices", ok: true, toast: { title: "Passkey renamed", description: `It is now "${renamed.name}".` } } : null;
  }
  return done === "device-signed-out" || done === "passkey-removed" || done === "calendar-feed-stopped"
    ? { form: "devices", ok: true, toast: confirmations[done] }
    : null;
}

/** The member's live sessions (this one marked), member cards and passkeys; null while the rules step shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const { env } = context.get(requestContext);
  const current = currentMemberSession(context);
  const [sessions, cards, passkeys, calendarFeed] = await Promise.all([
    listMemberSessions(env.DB, member.id),
    listMemberCards(env.DB, member.id),
    listMemberPasskeys(env.DB, member.id),
    calendarFeedOf(env.DB, member.id),
  ]);
  return {
    confirmation: confirmationIn(new URL(request.url), passkeys),
    sessions: sessions.map((session) => ({
      id: session.id,
      device: session.device,
      method: methodWords[session.method],
      firstSeen: timeLabel(session.createdAt),
      lastSeen: timeLabel(session.lastSeenAt),
      current: session.id === current.id,
    })),
    // Live cards only: they end with the sessions (docs/product-rules.md#sign-in-and-devices); the card page revokes one.
    cards: cards
      .filter((card) => card.revokedAt === null)
      .map((card) => ({ id: card.id, label: card.label, added: dayLabel(Date.parse(card.createdAt)) })),
    passkeys: passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      added: dayLabel(passkey.createdAt),
      lastUsed: passkey.lastUsedAt === null ? null : timeLabel(passkey.lastUsedAt),
      synced: passkey.synced,
    })),
    // Only a session begun in the last 10 minutes may add or remove a passkey (docs/security.md#passkeys).
    canChangePasskeys: mayChangePasskeys(current),
    calendarFeed: calendarFeed && { lastRead: calendarFeed.lastReadAt === null ? null : timeLabel(Date.parse(calendarFeed.lastReadAt)) },
  };
}

/** Each answer names its form: one session, one passkey, or the whole page. */
const formOf = (fields: Record<string, string>) =>
  fields.intent === "end-session"
    ? `session:${fields.sessionId ?? ""}`
    : fields.intent === "rename-passkey" || fields.intent === "remove-passkey"
      ? `passkey:${fields.passkeyId ?? ""}`
      : fields.intent === "stop-calendar-feed"
        ? "calendar-feed"
        : "devices";

/**
 * Signs out one session or every one, renames or removes a passkey; only ever the signed-in
 * member's own. Events name the member: after most of these the request's own session has ended.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireMemberWithAcceptedRules(request, context);
  const { env, logSecurityEvent: log } = context.get(requestContext);
  const current = currentMemberSession(context);
  const form = await readSubmission(request, devicesPageForm, { form: formOf });
  if (!form.ok) return form.invalid;

  switch (form.data.intent) {
    case "end-session": {
      const { sessionId } = form.data;
      if (!(await endOneMemberSession(env, member.id, sessionId))) {
        return data<ActionResult>(
          { form: `session:${sessionId}`, ok: false, error: "That device is already signed out." },
          { status: 404 },
        );
      }
      const here = sessionId === current.id;
      log({
        userId: member.id,
        eventType: "session_terminated",
        severity: "low",
        description: here ? "signed out here" : "signed out one device",
      });
      if (here) throw redirect("/auth", { status: 303, headers: { "Set-Cookie": clearedSessionCookie(env.ENVIRONMENT) } });
      throw backToDevices("device-signed-out");
    }
    case "end-every-session": {
      const setCookie = await endEveryMemberSession(env, member.id);
      log({
        userId: member.id,
        eventType: "session_terminated",
        severity: "medium",
        description: "signed out of all devices",
        details: { scope: "all" },
      });
      throw redirect("/auth", { status: 303, headers: { "Set-Cookie": setCookie } });
    }
    case "sign-in-again": {
      // /auth sends a signed-in member straight on, so this session ends first; signing in again
      // brings the member back here with a session new enough to add a passkey.
      await endOneMemberSession(env, member.id, current.id);
      log({ userId: member.id, eventType: "session_terminated", severity: "low", description: "signed out here to sign in again" });
      throw redirect(SIGN_IN_AGAIN_PATH, { status: 303, headers: { "Set-Cookie": clearedSessionCookie(env.ENVIRONMENT) } });
    }
    case "rename-passkey": {
      const { passkeyId, name } = form.data;
      if (!(await renameMemberPasskey(env.DB, member.id, passkeyId, name))) return passkeyGone(passkeyId);
      log({ userId: member.id, eventType: "passkey_renamed", severity: "low", description: "passkey renamed" });
      throw backToDevices("passkey-renamed", undefined, passkeyId);
    }
    case "remove-passkey": {
      const { passkeyId } = form.data;
      if (!mayChangePasskeys(current)) {
        return data<ActionResult>({ form: `passkey:${passkeyId}`, ok: false, error: SIGN_IN_AGAIN_TO_REMOVE_PASSKEY }, { status: 403 });
      }
      const setCookie = await removeMemberPasskey(env, request, { memberId: member.id, method: current.method }, passkeyId);
      if (setCookie === null) return passkeyGone(passkeyId);
      log({
        userId: member.id,
        eventType: "passkey_removed",
        severity: "medium",
        description: "passkey removed; every other device signed out",
      });
      throw backToDevices("passkey-removed", { "Set-Cookie": setCookie });
    }
    case "stop-calendar-feed": {
      if (!(await revokeCalendarFeed(env.DB, member.id))) {
        return data<ActionResult>({ form: "calendar-feed", ok: false, error: "You have no calendar feed to stop." }, { status: 404 });
      }
      log({ userId: member.id, eventType: "calendar_feed_revoked", severity: "low", description: "calendar feed stopped" });
      throw backToDevices("calendar-feed-stopped");
    }
  }
}

function passkeyGone(passkeyId: string) {
  return data<ActionResult>(
    { form: `passkey:${passkeyId}`, ok: false, error: "That passkey is no longer on your membership." },
    { status: 404 },
  );
}

type DevicesData = NonNullable<Route.ComponentProps["loaderData"]>;

export default function Devices({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  useConfirmationOnce(loaderData?.confirmation ?? null);
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  const outcomeFor = (form: string) => (actionData?.form === form ? actionData : undefined);
  return (
    <>
      <PageHero eyebrow="Members Area" title="Sign-in & devices">
        <p>
          Every browser that holds your membership, and the passkeys that open it. Sign out anything you do not recognise; the concierge is
          a call away at {club.officePhone.display} if something looks amiss.
        </p>
      </PageHero>

      <Section id="sessions" eyebrow="Signed in" title="Your devices">
        <SessionList sessions={loaderData.sessions} outcomeFor={outcomeFor} />
        <div className="mt-10 max-w-3xl rounded-sm border border-cedar p-6">
          <h3 className="text-2xl text-cream">Sign out of all devices</h3>
          <p className="mt-2 text-smoke">
            Ends every session at once, this one included, and revokes every member card. Each device, this one too, will need to sign in
            again, and each phone to set up its card again.
          </p>
          <Form method="post" className="mt-5">
            <SubmitButton name="intent" value="end-every-session" variant="secondary">
              Sign out of all devices
            </SubmitButton>
          </Form>
        </div>
      </Section>

      <CardBlock cards={loaderData.cards} />

      <Section id="passkeys" eyebrow="Passkeys" title="Your passkeys" tone="humidor">
        <p className="max-w-3xl text-smoke">
          A passkey lets you sign in with your face, fingerprint or device PIN instead of a code. Removing one signs out every other device
          and revokes your member cards; you stay signed in here.
        </p>
        <PasskeyList passkeys={loaderData.passkeys} outcomeFor={outcomeFor} canRemove={loaderData.canChangePasskeys} />
        {loaderData.canChangePasskeys ? (
          <AddPasskeyButton />
        ) : (
          <Form method="post" className="mt-6 flex max-w-3xl flex-wrap items-center gap-4">
            <p className="text-smoke">To add or remove a passkey, sign in again first.</p>
            <SubmitButton name="intent" value="sign-in-again" variant="secondary">
              Sign in again
            </SubmitButton>
          </Form>
        )}
      </Section>

      {loaderData.calendarFeed ? <CalendarFeedBlock feed={loaderData.calendarFeed} outcome={outcomeFor("calendar-feed")} /> : null}
    </>
  );
}

/**
 * The member cards set up on the member's phones (docs/product-rules.md#member-card): each admits
 * at the door without a session, so they are listed beside the sessions; the card page revokes one.
 */
function CardBlock({ cards }: { cards: DevicesData["cards"] }) {
  const cardPage = (
    <Link to="/members/card" className="text-cream underline decoration-brass hover:text-brass">
      your member card page
    </Link>
  );
  return (
    <Section id="cards" eyebrow="Member cards" title="Your member cards">
      {cards.length === 0 ? (
        <p className="max-w-3xl text-smoke">No phone holds your member card. Open {cardPage} on your phone to set it up.</p>
      ) : (
        <>
          <p className="max-w-3xl text-smoke">
            Each phone that shows your card at the door. Signing out of all devices, or removing a passkey, revokes them all; revoke one on{" "}
            {cardPage}.
          </p>
          <ul className="mt-8 grid gap-6 md:grid-cols-2" aria-label="Member cards">
            {cards.map((card) => (
              <li key={card.id} className="rounded-sm border border-cedar p-6">
                <h3 className="text-2xl text-cream">{card.label}</h3>
                <p className="mt-3 text-sm text-smoke">Set up {card.added}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

/**
 * The private calendar feed is read with its address alone, like a key left with a device
 * (docs/security.md#calendar-feeds), so it can be stopped here too; /members/calendar makes a new one.
 */
function CalendarFeedBlock({ feed, outcome }: { feed: NonNullable<DevicesData["calendarFeed"]>; outcome: ActionResult | undefined }) {
  return (
    <Section id="calendar-feed" eyebrow="Calendar" title="Calendar feed">
      <p className="max-w-3xl text-smoke">
        A calendar app that has your private feed address reads your bookings with it, without signing in. Last read:{" "}
        {feed.lastRead ?? "not yet"}. Stop the feed if you no longer use it or do not recognise it; you can make a new address on{" "}
        <Link to="/members/calendar" className="text-cream underline decoration-brass hover:text-brass">
          your calendar feed page
        </Link>
        .
      </p>
      <Form method="post" className="mt-6">
        <SubmitButton name="intent" value="stop-calendar-feed" variant="secondary" aria-describedby="calendar-feed-alert">
          Stop the feed
        </SubmitButton>
        <FormAlert outcome={outcome} id="calendar-feed-alert" />
      </Form>
    </Section>
  );
}

function SessionList({
  sessions,
  outcomeFor,
}: {
  sessions: DevicesData["sessions"];
  outcomeFor: (form: string) => ActionResult | undefined;
}) {
  const elsewhere = sessions.some((session) => !session.current);
  return (
    <>
      <SignedInDevices sessions={sessions} outcomeFor={outcomeFor} />
      {elsewhere ? null : (
        <p className="mt-6 max-w-3xl text-smoke">
          You are not signed in anywhere else: this is the only device that holds your membership.
        </p>
      )}
    </>
  );
}

function SignedInDevices({
  sessions,
  outcomeFor,
}: {
  sessions: DevicesData["sessions"];
  outcomeFor: (form: string) => ActionResult | undefined;
}) {
  const nameDetails = signOutNameDetails(sessions);
  return (
    <ul className="grid gap-6 md:grid-cols-2" aria-label="Signed-in devices">
      {sessions.map((session) => (
        <li key={session.id} className="rounded-sm border border-cedar p-6">
          <h3 className="text-2xl text-cream">
            {session.device}
            {session.current ? (
              <span className="ml-3 align-middle text-xs font-semibold uppercase tracking-[0.18em] text-brass">This device</span>
            ) : null}
          </h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-smoke">
            <dt>Signed in</dt>
            <dd>
              {session.firstSeen}, {session.method}
            </dd>
            <dt>Last seen</dt>
            <dd>{session.current ? "Now" : session.lastSeen}</dd>
          </dl>
          <SessionSignOut session={session} nameDetail={nameDetails.get(session.id)} outcome={outcomeFor(`session:${session.id}`)} />
        </li>
      ))}
    </ul>
  );
}

function SessionSignOut({
  session,
  nameDetail,
  outcome,
}: {
  session: DevicesData["sessions"][number];
  nameDetail: string | undefined;
  outcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "sessionId", value: session.id } });
  const alertId = `session-${session.id}-alert`;
  return (
    <Form method="post" className="mt-5">
      <input type="hidden" name="sessionId" value={session.id} />
      <SubmitButton name="intent" value="end-session" variant="secondary" pending={pending} aria-describedby={alertId}>
        {session.current ? (
          "Sign out here"
        ) : (
          <>
            {`Sign out ${session.device}`}
            {nameDetail ? <span className="sr-only">{nameDetail}</span> : null}
          </>
        )}
      </SubmitButton>
      <FormAlert outcome={outcome} id={alertId} />
    </Form>
  );
}

function PasskeyList({
  passkeys,
  outcomeFor,
  canRemove,
}: {
  passkeys: DevicesData["passkeys"];
  outcomeFor: (form: string) => ActionResult | undefined;
  /** Only a recent sign-in may remove one (the action refuses anyway); otherwise the page offers 'Sign in again'. */
  canRemove: boolean;
}) {
  if (passkeys.length === 0) {
    return (
      <p className="mt-6 max-w-3xl text-smoke">
        No passkey holds your membership yet. Until you add one, we send a sign-in code to your email whenever you ask; a passkey makes the
        door open with a touch.
      </p>
    );
  }
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2" aria-label="Passkeys">
      {passkeys.map((passkey) => (
        <li key={passkey.id} className="rounded-sm border border-cedar bg-night p-6">
          <h3 className="text-2xl text-cream">{passkey.name}</h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-smoke">
            <dt>Added</dt>
            <dd>{passkey.added}</dd>
            <dt>Last used</dt>
            <dd>{passkey.lastUsed ?? "Not yet"}</dd>
            <dt>Backed up</dt>
            <dd>{passkey.synced ? "Yes, synced to your other devices" : "No, kept on this one device"}</dd>
          </dl>
          <PasskeyForms passkey={passkey} outcome={outcomeFor(`passkey:${passkey.id}`)} canRemove={canRemove} />
        </li>
      ))}
    </ul>
  );
}

function PasskeyForms({
  passkey,
  outcome,
  canRemove,
}: {
  passkey: DevicesData["passkeys"][number];
  outcome: ActionResult | undefined;
  canRemove: boolean;
}) {
  const fieldError = outcome && !outcome.ok ? outcome.fieldErrors?.name : undefined;
  const inputId = `passkey-${passkey.id}-name`;
  const alertId = `passkey-${passkey.id}-alert`;
  return (
    <div className="mt-5 space-y-4">
      <Form method="post">
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <Field id={inputId} label={`New name for ${passkey.name}`} error={fieldError}>
          {(control) => (
            <input
              {...control}
              name="name"
              type="text"
              defaultValue={passkey.name}
              maxLength={PASSKEY_NAME_MAX_LENGTH}
              required
              autoComplete="off"
              className={inputClasses}
            />
          )}
        </Field>
        <div className="mt-3">
          <SubmitButton name="intent" value="rename-passkey" variant="secondary">
            Save name
          </SubmitButton>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="passkeyId" value={passkey.id} />
        {canRemove ? (
          <SubmitButton name="intent" value="remove-passkey" variant="quiet" aria-describedby={alertId}>
            {`Remove ${passkey.name}`}
          </SubmitButton>
        ) : null}
        <FormAlert outcome={outcome} id={alertId} />
      </Form>
    </div>
  );
}
