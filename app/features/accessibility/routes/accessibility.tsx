import { Link } from "react-router";
import type { Route } from "./+types/accessibility";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "#app/features/site/site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Accessibility Statement",
    description: `${club.name} aims for WCAG 2.2 AA: what we built in, the accessibility settings and shortcuts, known limitations and how to report a barrier.`,
  });

const statementDate = "November 2026";

const measures = [
  {
    title: "Semantic structure",
    body: "Every page has one main heading, headings in order, landmarks for the header, navigation, main content and footer, and real lists, buttons and links.",
  },
  {
    title: "Keyboard first",
    body: "Everything that works with a mouse works with a keyboard, in a logical order, with a clearly visible brass focus outline.",
  },
  {
    title: "Skip link",
    body: "The first thing a keyboard reaches on every page is a link that jumps straight past the navigation to the main content.",
  },
  {
    title: "Contrast",
    body: "Text colors are checked against their backgrounds: body text on our dark surfaces is above 7:1, well beyond the 4.5:1 the standard asks for.",
  },
  {
    title: "Reduced motion",
    body: "If your device asks for reduced motion, animations and smooth scrolling are switched off across the site.",
  },
  {
    title: "Captions and alternatives",
    body: "Images that carry meaning have text alternatives, decorative ones are hidden from screen readers, and the videos we embed are captioned.",
  },
  {
    title: "Forms",
    body: "Every field has a visible label, errors are written in words next to the field they concern, and nothing relies on colour alone.",
  },
  {
    title: "Zoom and reflow",
    body: "Pages reflow to a single column on narrow screens and when zoomed up to 400%, without horizontal scrolling or lost content.",
  },
];

const shortcuts = [
  { keys: ["Alt", "A"], action: "Open or close the accessibility settings panel" },
  { keys: ["Alt", "1"], action: "Move focus to the main content" },
  { keys: ["Alt", "M"], action: "Open or close the main menu" },
  { keys: ["Esc"], action: "Close the open dialog, panel or menu" },
];

const settings = [
  "Text size from 75% to 200%",
  "Text spacing from 100% to 200%",
  "High contrast",
  "Reduced motion",
  "Stronger focus indicators and keyboard navigation aids",
  "Screen reader optimizations",
  "Color filters for deuteranopia, protanopia and tritanopia",
  "A reading guide to help you keep your place in long text",
];

const limitations = [
  {
    title: "Google reCAPTCHA",
    body: "The invitation form is protected by Google reCAPTCHA, a third-party service whose badge and any challenge it shows are outside our control. If it stands in your way, call the office and we will take your request by phone.",
  },
  {
    title: "Embedded video",
    body: "Videos are played by a third-party player. We choose captioned videos, but the player's own controls are its provider's responsibility.",
  },
  {
    title: "Downloadable documents",
    body: "Some files in the members' media kit, such as brand guidelines and print-ready logos, are design documents that may not be fully tagged for screen readers. Text versions are available from the concierge on request.",
  },
  {
    title: "Text messages",
    body: "SMS invitation codes depend on your carrier, and some carriers delay or block them. If a code never arrives, the office can help by phone.",
  },
];

export default function Accessibility() {
  return (
    <>
      <PageHero eyebrow="Accessibility Statement" title="Every member, every door.">
        <p>
          {club.name} wants this website to work for everyone who visits it, however they see, hear, move or read. This statement says what
          we aim for, what we have done, where we still fall short and how to tell us.
        </p>
      </PageHero>

      <Section id="commitment" eyebrow="Our standard" title="WCAG 2.2, level AA">
        <div className="prose-club">
          <p>
            We design and test this website to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, the standard published
            by the World Wide Web Consortium. We check pages with automated tools and by hand, using only a keyboard and with a screen
            reader, before changes are published.
          </p>
          <p>We believe the site substantially meets that standard, with the exceptions listed under known limitations below.</p>
        </div>
      </Section>

      <Section id="measures" eyebrow="What we did" title="Built in, not bolted on" tone="humidor">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {measures.map((measure) => (
            <li key={measure.title} className="rounded-sm border border-cedar bg-night p-6">
              <h3 className="text-xl text-cream">{measure.title}</h3>
              <p className="mt-3 text-sm text-smoke">{measure.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="settings" eyebrow="An extra, not a substitute" title="The accessibility settings">
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="prose-club">
            <p>
              A round button at the edge of every page opens the accessibility settings panel: in the bottom corner of a wide screen, at the
              top of the page on a narrow one or with large text. Changes apply at once and are remembered in your browser for your next
              visit; a reset button restores the defaults. Without JavaScript, the button opens the same settings as{" "}
              <Link to="/accessibility/settings">a page of their own</Link>. The panel offers:
            </p>
            <ul>
              {settings.map((setting) => (
                <li key={setting}>{setting}</li>
              ))}
            </ul>
            <p>
              The settings are a convenience on top of an accessible site. They are not a replacement for it, and they do not interfere with
              your own browser, operating system or assistive technology.
            </p>
          </div>
          <div>
            <h3 className="text-2xl text-cream">Keyboard shortcuts</h3>
            <ul className="mt-4 divide-y divide-cedar border-y border-cedar">
              {shortcuts.map((shortcut) => (
                <li key={shortcut.action} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <span className="text-smoke">{shortcut.action}</span>
                  <span className="flex gap-1">
                    {shortcut.keys.map((key, position) => (
                      <span key={key} className="flex items-center gap-1">
                        {position > 0 ? (
                          <span aria-hidden="true" className="text-smoke">
                            +
                          </span>
                        ) : null}
                        <kbd className="rounded-sm border border-cedar bg-leather px-2 py-0.5 font-sans text-sm text-cream">{key}</kbd>
                      </span>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-smoke">On a Mac, the Alt key is the Option key.</p>
          </div>
        </div>
      </Section>

      <Section id="limitations" eyebrow="Known limitations" title="Where we still fall short" tone="humidor">
        <ul className="grid gap-6 md:grid-cols-2">
          {limitations.map((limitation) => (
            <li key={limitation.title} className="rounded-sm border border-cedar bg-night p-6">
              <h3 className="text-xl text-cream">{limitation.title}</h3>
              <p className="mt-3 text-smoke">{limitation.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="report" eyebrow="Feedback" title="Report a barrier">
        <div className="prose-club">
          <p>
            If something on this website is hard or impossible for you to use, please tell us. Call the office at{" "}
            <a href={`tel:${club.officePhone.e164}`}>{club.officePhone.display}</a> and say which page you were on, what you were trying to
            do and, if you like, which browser and assistive technology you use.
          </p>
          <p>
            We reply within two business days. While we fix the problem, the concierge will give you the information or complete the request
            for you by phone, including invitation requests and <Link to="/schedule-sit-down">sit-down bookings</Link>. If you need an
            accommodation when you visit a lounge, call the same number and we will arrange it before you arrive.
          </p>
          <p>
            <strong>Date of this statement:</strong> {statementDate}. We review it at least once a year and whenever the website changes
            substantially.
          </p>
        </div>
      </Section>
    </>
  );
}
