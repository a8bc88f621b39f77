import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/member-card";
import { cardPageForm } from "../card-forms.ts";
import { CardCode } from "../card-code.tsx";
import { Section } from "#app/ui/section.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { useConfirmationOnce } from "#app/ui/form/use-confirmation-once.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { club, tierBySlug } from "#app/features/site/site-config.ts";
import { formatPortlandDate } from "#app/features/member-area/member-dates.ts";
import { findMemberById, memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { listMemberCards, MAX_ACTIVE_CARDS, revokeMemberCard } from "../card.server.ts";

/**
 * The member card (docs/product-rules.md#member-card, docs/decisions/010-member-card-credential.md):
 * name, tier, photo and the code the door scans, which this device signs afresh every 30 seconds.
 * The code needs the page's script; everything else, the list of cards and revoking one included,
 * is server-rendered and works without it. Installable (its own manifest, linked from here only)
 * and kept for offline by public/card-sw.js.
 */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: "Member card", description: `Your ${club.name} member card, to show at the door.` }),
  { name: "robots", content: "noindex" },
  { name: "theme-color", content: "#0f0b08" },
];

export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/card.webmanifest" }];

const CARD_PATH = "/members/card";

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = memberWithAcceptedRules(context);
  if (!signedIn) return null;
  const { env } = context.get(requestContext);
  const [member, cards] = await Promise.all([findMemberById(env.DB, signedIn.id), listMemberCards(env.DB, signedIn.id)]);
  const revoked = new URL(request.url).searchParams.get("done") === "card-revoked";
  return {
    name: signedIn.name,
    tier: tierBySlug(signedIn.tier).name,
    hasPhoto: Boolean(member?.photoKey),
    maxCards: MAX_ACTIVE_CARDS,
    confirmation: revoked
      ? ({
          form: "cards",
          ok: true,
          toast: { title: "Card revoked", description: "Its code is refused at the door from the door's next sync." },
        } satisfies ActionResult)
      : null,
    cards: cards.map((card) => ({
      id: card.id,
      label: card.label,
      added: formatPortlandDate(card.createdAt),
      lastOpened: card.lastRenewedAt ? formatPortlandDate(card.lastRenewedAt) : null,
      revoked: card.revokedAt ? formatPortlandDate(card.revokedAt) : null,
    })),
  };
}

/** Revokes one of the signed-in member's own cards (never anyone else's: the id is matched with the member). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireMemberWithAcceptedRules(request, context);
  const { env, logSecurityEvent: log } = context.get(requestContext);
  const form = await readSubmission(request, cardPageForm, { form: (fields) => `card:${fields.cardId ?? ""}` });
  if (!form.ok) return form.invalid;
  const { cardId } = form.data;
  if (!(await revokeMemberCard(env.DB, member.id, cardId))) {
    return data<ActionResult>(
      { form: `card:${cardId}`, ok: false, error: "That card is already revoked or is not yours." },
      { status: 404 },
    );
  }
  log({
    userId: member.id,
    eventType: "card_revoked",
    severity: "medium",
    description: "member card revoked by the member",
    details: { cardId },
  });
  throw redirect(`${CARD_PATH}?done=card-revoked`, 303);
}

type CardData = NonNullable<Route.ComponentProps["loaderData"]>;

export default function MemberCard({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  useConfirmationOnce(loaderData?.confirmation ?? null);
  if (!loaderData) return null;
  const outcomeFor = (form: string) => (actionData?.form === form ? actionData : undefined);
  return (
    <>
      {/* The card comes first and compact: at the door, the code must show without scrolling on a phone. */}
      <section aria-labelledby="card-title" className="border-b border-cedar bg-gradient-to-b from-humidor to-night">
        <div className="mx-auto max-w-md px-5 py-6 sm:py-12">
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brass">{club.name}</p>
          <h1 id="card-title" className="mt-2 text-3xl text-cream sm:text-4xl">
            Your member card
          </h1>
          <div className="mt-5 grid gap-5 rounded-md border border-brass/60 bg-humidor p-5 shadow-lg sm:p-7">
            <div className="flex items-center gap-4">
              {loaderData.hasPhoto ? (
                <img
                  src="/members/card/photo"
                  alt={`Photo of ${loaderData.name}`}
                  width={80}
                  height={80}
                  className="size-20 shrink-0 rounded-sm border border-cedar object-cover"
                />
              ) : null}
              <div>
                <p className="text-2xl text-cream" data-testid="card-name">
                  {loaderData.name}
                </p>
                <p className="mt-1 text-sm font-semibold uppercase tracking-[0.2em] text-brass">{loaderData.tier} member</p>
              </div>
            </div>
            <CardCode name={loaderData.name} listedCardIds={loaderData.cards.map((card) => card.id)} />
          </div>
          <p className="mt-5 text-sm text-smoke">
            Show the code at the door. It changes every 30 seconds, so a photo or a screenshot of it is of no use to anyone else.
          </p>
          <InstallHint />
        </div>
      </section>
      <Section id="cards" eyebrow="Devices" title="Your cards" tone="humidor">
        <p className="max-w-3xl text-smoke">
          Each phone or tablet you open this page on holds its own card. Revoke any you no longer use or do not recognise: the door refuses
          its code once it has synced. You may hold up to {loaderData.maxCards} cards at once.
        </p>
        <CardList cards={loaderData.cards} outcomeFor={outcomeFor} />
      </Section>
    </>
  );
}

function InstallHint() {
  return (
    <div className="mt-6 text-sm text-smoke">
      <h2 className="text-lg text-cream">Keep it on your phone</h2>
      <p className="mt-2">
        Add this page to your home screen and it opens like an app, even without a connection: on an iPhone, tap Share, then “Add to Home
        Screen”; on Android, open the browser’s menu and choose “Install app” or “Add to Home screen”.
      </p>
    </div>
  );
}

function CardList({ cards, outcomeFor }: { cards: CardData["cards"]; outcomeFor: (form: string) => ActionResult | undefined }) {
  if (cards.length === 0)
    return <p className="mt-6 max-w-3xl text-smoke">No card yet: opening this page with JavaScript on sets one up.</p>;
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2" aria-label="Your cards">
      {cards.map((card) => (
        <li key={card.id} className="rounded-sm border border-cedar bg-night p-6" data-card-id={card.id}>
          <h3 className="text-2xl text-cream">{card.label}</h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-smoke">
            <dt>Added</dt>
            <dd>{card.added}</dd>
            <dt>Last opened online</dt>
            <dd>{card.lastOpened ?? "Not yet"}</dd>
            {card.revoked ? (
              <>
                <dt>Revoked</dt>
                <dd>{card.revoked}</dd>
              </>
            ) : null}
          </dl>
          {card.revoked ? null : (
            <Form method="post" className="mt-5">
              <input type="hidden" name="cardId" value={card.id} />
              <SubmitButton name="intent" value="revoke-card" variant="secondary" aria-describedby={`card-${card.id}-alert`}>
                Revoke
                <span className="sr-only">
                  {" "}
                  the card on {card.label}, added {card.added}
                </span>
              </SubmitButton>
              <FormAlert outcome={outcomeFor(`card:${card.id}`)} id={`card-${card.id}-alert`} />
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
