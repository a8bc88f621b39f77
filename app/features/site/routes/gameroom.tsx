import { Link } from "react-router";
import type { Route } from "./+types/gameroom";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { CardGrid } from "#app/ui/card-grid.tsx";
import { DiamondList } from "#app/ui/diamond-list.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Game Room",
    description: `Billiards, chess, backgammon and members' poker nights beneath the ${club.name} Kickback Lounge, played within Oregon's social gaming law.`,
  });

/** Oregon's state-funded problem gambling line (opgr.org), open 24 hours a day. */
const gamblingHelpline = { display: "1-877-MY-LIMIT (1-877-695-4648)", e164: "+18776954648" };

const tables = [
  {
    title: "Billiards",
    body: "Two nine-foot slate tables under brass lamps, cues racked by weight. Table time is free; the Wednesday league keeps a ladder.",
  },
  {
    title: "Chess",
    body: "Three walnut boards with clocks, and a Monday ladder whose leader's name goes on the brass plate by the stairs.",
  },
  {
    title: "Backgammon",
    body: "Two leather boards by the fire for the second-Sunday tournament. The prize is the plate, and bragging rights.",
  },
  { title: "Poker", body: "One felt table of nine seats on Friday nights: members' social games, dealt by the players themselves." },
];

const week = [
  { when: "Monday, 7 pm", what: "Chess ladder" },
  { when: "Wednesday, 7 pm", what: "Billiards league" },
  { when: "Friday, 8 pm", what: "Members' poker night" },
  { when: "Second Sunday, 2 pm", what: "Backgammon tournament" },
];

const socialGameRules = [
  "No house player: staff never sit in, and the club never plays against a member.",
  "No house bank: the club does not sell, hold or cash chips, and money never crosses our bar for a game.",
  "No house odds and no house income: no rake, no seat fee, no door fee, no time charge, and no charge for cards or chips.",
  "Players deal in turn; there are no paid dealers.",
  "Stakes stay within the limits of the City of Portland's social game permit, which is posted by the table.",
  "Anyone visibly intoxicated sits out. No exceptions, no arguments.",
];

export default function GameRoom() {
  return (
    <>
      <PageHero eyebrow="Game Room" title="Downstairs, the games are older than the club.">
        <p>
          Beneath the Kickback Lounge in the Pearl District: green felt, a chess clock ticking and a cigar resting on the rail. Open to
          members of every tier during lounge hours.
        </p>
      </PageHero>

      <Section id="tables" title="The tables">
        <CardGrid cards={tables} className="sm:grid-cols-2 lg:grid-cols-4" titleTone="brass" />
      </Section>

      <Section id="the-week" title="The week downstairs" tone="humidor">
        <ul className="grid max-w-4xl gap-4 sm:grid-cols-2">
          {week.map((slot) => (
            <li key={slot.when} className="flex items-baseline justify-between gap-4 border-b border-cedar pb-3">
              <span className="text-cream">{slot.what}</span>
              <span className="text-sm text-brass">{slot.when}</span>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          Put your name on the board at the bar upstairs; poker seats go in the order names are written.
        </p>
      </Section>

      <Section id="social-gaming" eyebrow="Oregon social gaming law" title="Poker the lawful way">
        <p className="max-w-3xl text-lg text-smoke">
          Oregon allows social games between players only where the house takes no part and no profit (ORS 167.117), and Portland permits
          them under City Code chapter 14A.70. Our Friday table runs on the club's city permit, and on these terms:
        </p>
        <DiamondList items={socialGameRules} className="mt-6 max-w-3xl space-y-3" />
        <p className="mt-6 max-w-3xl text-smoke">
          There are no gaming machines in any lounge. If gambling has stopped being a game for you, the Oregon Problem Gambling Resource
          helpline answers around the clock, free and in confidence:{" "}
          <a href={`tel:${gamblingHelpline.e164}`} className="text-brass underline">
            {gamblingHelpline.display}
          </a>
          .
        </p>
      </Section>

      <Section id="house-rules" title="House rules at the table" tone="humidor">
        <ul className="grid max-w-4xl gap-4 text-smoke sm:grid-cols-2">
          <li className="rounded-sm border border-cedar bg-night p-5">Cigars rest in the rail stands, never on the cushion or the felt.</li>
          <li className="rounded-sm border border-cedar bg-night p-5">
            Phones face down and silent; a ringing phone buys the next round of coffee.
          </li>
          <li className="rounded-sm border border-cedar bg-night p-5">
            Guests play beside their host, and everyone at the table is {club.minimumAge} or older.
          </li>
          <li className="rounded-sm border border-cedar bg-night p-5">
            Disputes go to the floor manager, whose word is final for the night.
          </li>
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          The full{" "}
          <Link to="/rules" className="text-brass underline">
            club rules
          </Link>{" "}
          apply downstairs as they do everywhere else.
        </p>
        <div className="mt-8">
          <ButtonLink to="/lounges/kickback" variant="secondary">
            Visit the Kickback Lounge
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
