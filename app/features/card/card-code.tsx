import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { REFRESH_SECONDS } from "./member-credential.ts";
import { CARD_SCOPE, CARD_WORKER_URL } from "./card-storage.ts";
import type * as CardClient from "./card-client.ts";
import type { CardState, StoredCard } from "./card-client.ts";

/**
 * The card's live code (docs/decisions/010-member-card-credential.md): the script that keys,
 * certifies and signs (card-client.ts, with the QR encoder) is loaded only here, after the page
 * has painted. A new code every REFRESH_SECONDS, and at once when the phone is woken, so the
 * door never sees a stale one. Tests read the current code from `data-code`.
 */

/** A phone clock further off than this from the club's may make the door refuse the code. */
const CLOCK_WARNING_MS = 30_000;

type Client = typeof CardClient;
type Shown = { code: string; svg: string; signedAt: number };

export function CardCode({ name, listedCardIds }: { name: string; listedCardIds: string[] }) {
  const client = useRef<Client | null>(null);
  const [state, setState] = useState<CardState | { kind: "starting" }>({ kind: "starting" });
  const [shown, setShown] = useState<Shown | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const open = useCallback(async (how: "open" | "again") => {
    try {
      client.current ??= await import("./card-client.ts");
      const next = how === "again" ? await client.current.setUpAgain() : await client.current.openCard();
      setState(next);
    } catch {
      setState({ kind: "failed", message: "Your card could not be opened on this device. Reload the page to try again." });
    }
  }, []);

  useEffect(() => {
    void open("open");
    void keepForOffline();
  }, [open]);

  const card = state.kind === "ready" ? state.card : null;

  // A card set up just now is not yet in the page's list of cards: load the list once more.
  const revalidator = useRevalidator();
  const listedOnce = useRef(false);
  const online = state.kind === "ready" && state.online;
  useEffect(() => {
    if (!card || !online || listedOnce.current || listedCardIds.includes(card.cardId)) return;
    listedOnce.current = true;
    void revalidator.revalidate();
    // The offline copy too (public/card-sw.js), so the card opens offline with its list as it is now.
    void navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage({ type: "refresh-page" }));
  }, [card, online, listedCardIds, revalidator]);
  const refresh = useCallback(async (ready: StoredCard) => {
    const loaded = client.current;
    if (!loaded) return;
    const signedAt = Date.now();
    const code = await loaded.cardCode(ready, signedAt);
    setShown({ code, svg: loaded.qrSvg(code), signedAt });
  }, []);

  useEffect(() => {
    if (!card) return;
    void refresh(card);
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    const onWake = () => {
      if (document.visibilityState === "visible") void refresh(card);
    };
    document.addEventListener("visibilitychange", onWake);
    return () => {
      window.clearInterval(tick);
      document.removeEventListener("visibilitychange", onWake);
    };
  }, [card, refresh]);

  const secondsLeft = shown
    ? Math.min(REFRESH_SECONDS, Math.max(0, REFRESH_SECONDS - Math.floor((now - shown.signedAt) / 1000)))
    : REFRESH_SECONDS;
  useEffect(() => {
    if (card && shown && secondsLeft === 0) void refresh(card);
  }, [card, shown, secondsLeft, refresh]);

  return (
    <div className="grid justify-items-center gap-3 text-center">
      <noscript>
        <p className="rounded-sm border border-brass p-4 text-left text-cream">
          Your card’s code is made on this device by the page’s script, so it needs JavaScript. Turn JavaScript on for this site in your
          browser’s settings (Safari: Settings, Apps, Safari, Advanced; Chrome: Settings, Site settings, JavaScript), then reload this page.
          Your cards further down can still be revoked without it.
        </p>
      </noscript>
      {state.kind === "failed" ? <p className="rounded-sm border border-brass p-4 text-cream">{state.message}</p> : null}
      {state.kind === "refused" ? (
        <div className="grid gap-4 rounded-sm border border-ember p-4 text-cream" role="alert">
          <p>{state.message}</p>
          {state.canSetUpAgain ? (
            <button type="button" className={buttonClasses("secondary")} onClick={() => void open("again")}>
              Set up the card again on this device
            </button>
          ) : null}
        </div>
      ) : null}
      {/* The code's place is the same box from the first paint to the live code, and so is the line
          under it, so nothing moves when the script arrives (no layout shift). Without JavaScript
          the box stays empty and the <noscript> above explains. */}
      {state.kind === "starting" || (card && !shown) ? (
        <>
          <div aria-hidden="true" className="aspect-square w-full max-w-72 rounded-sm bg-leather" />
          <p className="text-sm text-smoke">
            <span className="invisible">New code in 30 s · it refreshes every {REFRESH_SECONDS} s</span>
          </p>
        </>
      ) : null}
      {card && shown ? (
        <>
          <div
            data-testid="member-code"
            data-code={shown.code}
            role="img"
            aria-label={`Door code for ${name}, renewed every ${REFRESH_SECONDS} seconds`}
            className="aspect-square w-full max-w-72 rounded-sm bg-white p-2 [&_svg]:block [&_svg]:h-full [&_svg]:w-full"
            dangerouslySetInnerHTML={{ __html: shown.svg }}
          />
          <p className="text-sm text-smoke">
            New code in <span className="tabular-nums text-cream">{secondsLeft}</span> s · it refreshes every {REFRESH_SECONDS} s
          </p>
          {state.kind === "ready" && !state.online ? (
            <p className="text-sm text-smoke">Offline: shown from this device. It renews itself the next time you open it online.</p>
          ) : null}
          {Math.abs(card.clockOffsetMs) > CLOCK_WARNING_MS ? (
            <p className="rounded-sm border border-ember p-3 text-sm text-cream" role="status" data-testid="clock-warning">
              This phone’s clock is {clockDifference(card.clockOffsetMs)} {card.clockOffsetMs > 0 ? "ahead of" : "behind"} the club’s, and
              the door may refuse the code. Set the date and time to update automatically in the phone’s settings.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** "45 seconds", "3 minutes", "2 hours": how far the phone's clock is off. */
function clockDifference(offsetMs: number): string {
  const seconds = Math.round(Math.abs(offsetMs) / 1000);
  if (seconds < 120) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
}

/**
 * Registers the card's service worker (scope /members/card only) and hands it the /assets/ files
 * this page loaded, the on-demand ones included, so the page opens offline (public/card-sw.js).
 */
async function keepForOffline(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register(CARD_WORKER_URL, { scope: CARD_SCOPE });
    const registration = await navigator.serviceWorker.ready;
    const urls = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith("/assets/"));
    registration.active?.postMessage({ type: "cache-assets", urls });
  } catch {
    // No offline copy (a private window, say): the card still works online.
  }
}
