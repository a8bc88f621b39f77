import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { importClubPublicKey } from "#app/features/card/member-credential.ts";
import { CLUB_TIME_ZONE, portlandDay } from "#app/features/member-area/member-dates.ts";
import type { LoungeSlug } from "#app/features/site/tier-entitlements.ts";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { inputClasses } from "#app/ui/form/field.tsx";
import { doorLounges, guestsLeftToday, type DoorCheckIn, type DoorEvening, type DoorList, type DoorSyncAnswer } from "./door-list.ts";
import { chooseDecoder, makeDecoder, startScanner, type Scanner } from "./door-scanner.ts";
import { enqueue, readEvening, readList, readLounge, readQueue, saveLounge } from "./door-store.ts";
import { refreshFromClub, syncQueue } from "./door-sync.ts";
import { isListTooOld, openDoorList } from "./signed-list.ts";
import { loungeNames, memberVerdict, refusalWords, scanVerdict, searchMembers, tierNames, type DoorVerdict } from "./door-verdict.ts";

/**
 * The door desk (docs/product-rules.md#door): the lounge, the camera and the search, the verdict,
 * tonight's occupancy and check-ins. Everything it decides, it decides on the device from the
 * synced list (IndexedDB), so it answers offline as it does online.
 */

/** How often the list is fetched again while online. */
const REFRESH_MS = 3 * 60 * 1000;

const clock = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, hour: "numeric", minute: "2-digit" });
/** "7:42 pm", in the club's time. */
export const clockTime = (iso: string) => clock.format(new Date(iso)).replace("AM", "am").replace("PM", "pm");
const date = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, weekday: "short", month: "short", day: "numeric" });
/** "Tue, Nov 24 at 7:42 pm": how old the list is, which the door always shows (docs/security.md#door). */
const listAge = (iso: string) => `${date.format(new Date(iso))} at ${clockTime(iso)}`;
/** How far this device's clock may differ from the club's before the door says so. */
const CLOCK_SKEW_WARNING_MS = 30_000;

interface Shown {
  /** Each verdict its own: a new one starts with no guest ticked or added. */
  key: number;
  verdict: DoorVerdict;
  /** The member's earlier check-in tonight, when this is a repeat. */
  earlierAt: string | null;
}

export function DoorDesk({ staffName, clubJwk }: { staffName: string; clubJwk: JsonWebKey }) {
  const [lounge, setLounge] = useState<LoungeSlug | null>(null);
  const [list, setList] = useState<DoorList | null>(null);
  const [evening, setEvening] = useState<DoorEvening | null>(null);
  const [queue, setQueue] = useState<DoorCheckIn[]>([]);
  const [online, setOnline] = useState(true);
  const [clubKey, setClubKey] = useState<CryptoKey | null>(null);
  /** This device's clock less the club's, measured at the last sync (ms). */
  const [clockSkew, setClockSkew] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [syncNotes, setSyncNotes] = useState<string[]>([]);
  const [camera, setCamera] = useState<"off" | "starting" | "on" | "unavailable">("off");
  const [query, setQuery] = useState("");
  const videoRef = useRef<HTMLVideoElement>(null);
  const scanner = useRef<Scanner | null>(null);
  // The latest of each, for the scanner's and the timers' callbacks (updated after each render).
  const state = useRef({ list, lounge, clubKey, evening, queue, shown });
  useEffect(() => {
    state.current = { list, lounge, clubKey, evening, queue, shown };
  });
  /** The code behind the verdict on screen: the same card still held up does not start it again. */
  const lastCode = useRef<string | null>(null);

  const reload = useCallback(async (key: CryptoKey) => {
    const [savedList, savedEvening, savedQueue] = await Promise.all([readList(), readEvening(), readQueue()]);
    // What this device remembers, read after hydration (the server knows none of it). The list is
    // opened with the page's club key each time: one changed on the device is not used.
    setLounge(readLounge());
    setOnline(navigator.onLine);
    setQueue(savedQueue);
    const opened = savedList ? await openDoorList(key, savedList) : null;
    if (opened) setList(opened);
    if (savedEvening) setEvening(savedEvening);
  }, []);

  /** Sends the queue, then reads the list and tonight's check-ins again (online only). */
  const syncNow = useCallback(async () => {
    const key = state.current.clubKey;
    if (!navigator.onLine || !key) return;
    try {
      const answers = await syncQueue();
      setSyncNotes((notes) => [...describeRefusals(answers, state.current.queue, state.current.list), ...notes].slice(0, 5));
      const fresh = await refreshFromClub(key);
      setClockSkew(Date.now() - Date.parse(fresh.list.syncedAt));
      setList(fresh.list);
      setEvening(fresh.evening);
    } catch {
      // Offline, or the club did not answer: the queue waits, the list stays as last synced.
    }
    setQueue(await readQueue());
  }, []);

  useEffect(() => {
    void importClubPublicKey(clubJwk).then(async (key) => {
      state.current.clubKey = key;
      setClubKey(key);
      await reload(key);
      await syncNow();
    });
    void keepForOffline();
    const goOnline = () => {
      setOnline(true);
      void syncNow();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    const timer = setInterval(() => void syncNow(), REFRESH_MS);
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      clearInterval(timer);
      scanner.current?.stop();
    };
    // The key is the page's, fixed for its life.
  }, [reload, syncNow]); // eslint-disable-line react-hooks/exhaustive-deps

  const earlierCheckIn = useCallback((memberId: string): string | null => {
    const { evening: tonight, queue: waiting } = state.current;
    const today = portlandDay(new Date());
    const times = [
      ...(tonight?.day === today ? tonight.checkIns.filter((row) => row.memberId === memberId).map((row) => row.checkedInAt) : []),
      ...waiting
        .filter((row) => row.memberId === memberId && portlandDay(new Date(row.checkedInAt)) === today)
        .map((row) => row.checkedInAt),
    ].sort();
    return times[0] ?? null;
  }, []);

  const decide = useCallback(
    async (decided: Promise<DoorVerdict> | DoorVerdict) => {
      const verdict = await decided;
      setNotice(null);
      setShown({ key: performance.now(), verdict, earlierAt: verdict.admit ? earlierCheckIn(verdict.member.id) : null });
    },
    [earlierCheckIn],
  );

  /** What the scanner calls with each decoded code (and what the bench dispatches). */
  const onDecoded = useCallback(
    (text: string) => {
      const { list: current, lounge: here, clubKey: key, shown: onScreen } = state.current;
      if (!current || !here || !key) return;
      if (onScreen && text === lastCode.current) return;
      lastCode.current = text;
      performance.mark("door-decoded");
      if (isListTooOld(current.syncedAt, Date.now())) return void decide({ admit: false, reason: "list-too-old", member: null });
      void decide(scanVerdict(key, current, text, here, Date.now() / 1000));
    },
    [decide],
  );

  // The verdict on screen: measured from the decoded text to the frame that shows it (npm run bench).
  const verdictRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown) return;
    // On a phone the verdict sits under the camera: bring it into view.
    verdictRef.current?.scrollIntoView?.({ block: "nearest" });
    if (performance.getEntriesByName("door-decoded").length === 0) return;
    requestAnimationFrame(() => {
      performance.mark("door-verdict-shown");
      performance.measure("door-verify", "door-decoded", "door-verdict-shown");
      performance.clearMarks("door-decoded");
    });
  }, [shown]);

  useEffect(() => {
    const listener = (event: Event) => onDecoded(String((event as CustomEvent<string>).detail));
    window.addEventListener("door:decoded", listener);
    return () => window.removeEventListener("door:decoded", listener);
  }, [onDecoded]);

  async function startCamera() {
    if (!videoRef.current) return;
    setCamera("starting");
    try {
      scanner.current = await startScanner(videoRef.current, onDecoded);
      setCamera("on");
    } catch {
      setCamera("unavailable");
    }
  }

  function stopCamera() {
    scanner.current?.stop();
    scanner.current = null;
    setCamera("off");
  }

  function chooseLounge(next: LoungeSlug) {
    saveLounge(next);
    setLounge(next);
    setShown(null);
  }

  async function checkIn(verdict: Extract<DoorVerdict, { admit: true }>, guests: DoorCheckIn["guests"]) {
    if (!lounge) return;
    const entry: DoorCheckIn = {
      id: crypto.randomUUID(),
      memberId: verdict.member.id,
      lounge,
      checkedInAt: new Date().toISOString(),
      method: verdict.method,
      ...(verdict.cardId ? { cardId: verdict.cardId } : {}),
      offline: !navigator.onLine,
      guests,
    };
    await enqueue(entry);
    setQueue(await readQueue());
    setShown(null);
    setQuery("");
    const brought = guests.length === 0 ? "" : guests.length === 1 ? " with 1 guest" : ` with ${guests.length} guests`;
    setNotice(`${verdict.member.name} checked in${brought}.`);
    void syncNow();
  }

  const waiting = `${queue.length} check-in${queue.length === 1 ? "" : "s"} waiting to sync`;
  const status = !online
    ? `Offline — ${waiting}${list ? ` — list synced ${listAge(list.syncedAt)}` : ""}`
    : list
      ? `List synced ${listAge(list.syncedAt)}${queue.length > 0 ? ` — ${waiting}` : ""}`
      : "Fetching the list…";

  if (!lounge) {
    return (
      <div className="mx-auto max-w-3xl px-5 py-10">
        <h2 className="text-2xl text-cream">Which lounge is this door?</h2>
        <p className="mt-2 text-smoke">This device remembers it.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {doorLounges.map((slug) => (
            <button key={slug} type="button" className={buttonClasses("secondary")} onClick={() => chooseLounge(slug)}>
              {loungeNames[slug]}
            </button>
          ))}
        </div>
      </div>
    );
  }

  const results = list ? searchMembers(list, query) : [];
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-5 py-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-cedar pb-4">
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brass">The door · {staffName}</p>
            <h2 className="mt-1 text-2xl text-cream">{loungeNames[lounge]}</h2>
          </div>
          <label className="text-sm text-smoke">
            Lounge
            <select
              className={`${inputClasses} mt-1`}
              value={lounge}
              onChange={(event) => chooseLounge(event.target.value as LoungeSlug)}
              data-testid="door-lounge"
            >
              {doorLounges.map((slug) => (
                <option key={slug} value={slug}>
                  {loungeNames[slug]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p role="status" className="mt-3 text-sm text-smoke" data-testid="door-sync-status">
          {status}
        </p>
        {Math.abs(clockSkew) > CLOCK_SKEW_WARNING_MS ? (
          <p role="alert" className="mt-2 text-sm text-warning" data-testid="door-clock-warning">
            This device&apos;s clock is {Math.round(Math.abs(clockSkew) / 60_000) || "under a"} minute
            {Math.round(Math.abs(clockSkew) / 60_000) === 1 ? "" : "s"} {clockSkew > 0 ? "ahead of" : "behind"} the club&apos;s: set it to
            the network time, or codes will be judged wrongly.
          </p>
        ) : null}

        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div>
            <div className="relative aspect-[4/3] overflow-hidden rounded-sm border border-cedar bg-humidor">
              <video
                ref={videoRef}
                className="h-full w-full object-cover"
                aria-label="Camera view for scanning member cards"
                muted
                playsInline
              />
              {camera !== "on" ? (
                <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-smoke">
                  {camera === "unavailable"
                    ? "The camera is not available. Search by name instead."
                    : "Scan a member's card with the camera."}
                </p>
              ) : null}
            </div>
            <div className="mt-3">
              {camera === "on" ? (
                <button type="button" className={buttonClasses("secondary")} onClick={stopCamera}>
                  Stop the camera
                </button>
              ) : (
                <button
                  type="button"
                  className={buttonClasses()}
                  onClick={() => void startCamera()}
                  disabled={camera === "starting" || !clubKey}
                >
                  {camera === "starting" ? "Starting the camera…" : "Scan cards"}
                </button>
              )}
            </div>
          </div>
          <div>
            <label htmlFor="door-search" className="text-sm font-semibold text-cream">
              Search by name
            </label>
            <input
              id="door-search"
              type="search"
              autoComplete="off"
              className={inputClasses}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            {query.trim() && list ? (
              <ul className="mt-2 divide-y divide-cedar border border-cedar" aria-label="Members found">
                {results.length === 0 ? <li className="p-3 text-smoke">No member by that name on the list.</li> : null}
                {results.map((member) => (
                  <li key={member.id}>
                    <button
                      type="button"
                      className="w-full p-3 text-left text-cream hover:bg-leather focus-visible:bg-leather"
                      onClick={() => {
                        setQuery("");
                        void decide(
                          isListTooOld(list.syncedAt, Date.now())
                            ? { admit: false, reason: "list-too-old", member: null }
                            : memberVerdict(list, member.id, lounge, { method: "search", cardId: null }),
                        );
                      }}
                    >
                      {member.name} <span className="text-smoke">· {tierNames[member.tier]}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>

        <div aria-live="assertive" className="mt-8 scroll-mt-24" ref={verdictRef}>
          {shown && list ? (
            <Verdict
              key={shown.key}
              shown={shown}
              list={list}
              lounge={lounge}
              queue={queue}
              online={online}
              onCheckIn={(verdict, guests) => void checkIn(verdict, guests)}
              onDismiss={() => setShown(null)}
            />
          ) : notice ? (
            <p className="rounded-sm border border-brass-deep p-4 text-cream" data-testid="door-notice">
              {notice}
            </p>
          ) : null}
        </div>
        {syncNotes.length > 0 ? (
          <ul className="mt-4 space-y-2 text-sm text-warning" aria-label="Sync notes">
            {syncNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <Tonight evening={evening} queue={queue} list={list} />
    </div>
  );
}

/**
 * Installs the door's service worker (public/door-sw.js), loads the QR decoder this browser needs
 * and hands the worker every asset the page loaded, so the page opens and scans offline.
 */
async function keepForOffline(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register("/door-sw.js", { scope: "/door" });
    await makeDecoder(await chooseDecoder());
    const urls = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => /^\/(assets|fonts)\//.test(new URL(url).pathname));
    (await activated(registration)).postMessage({ type: "cache-assets", urls });
  } catch {
    // No service worker (a private window, an old browser): the door works online.
  }
}

/**
 * The registration's worker once active. Not `navigator.serviceWorker.ready`: after signing in,
 * the page reached /door without a new document, and `ready` waits for a worker of the page the
 * document was opened at (/auth), which never comes.
 */
function activated(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  return new Promise((resolve) => {
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    if (!worker || worker.state === "activated") return resolve(registration.active ?? worker!);
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve(worker);
    });
  });
}

function Verdict({
  shown,
  list,
  lounge,
  queue,
  online,
  onCheckIn,
  onDismiss,
}: {
  shown: Shown;
  list: DoorList;
  lounge: LoungeSlug;
  queue: DoorCheckIn[];
  online: boolean;
  onCheckIn: (verdict: Extract<DoorVerdict, { admit: true }>, guests: DoorCheckIn["guests"]) => void;
  onDismiss: () => void;
}) {
  const { verdict, earlierAt } = shown;
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [added, setAdded] = useState<string[]>([]);
  const [guestName, setGuestName] = useState("");
  const memberId = verdict.member?.id ?? null;

  const queuedVisits = useMemo(
    () => new Set(queue.flatMap((row) => row.guests.flatMap((guest) => (guest.guestVisitId ? [guest.guestVisitId] : [])))),
    [queue],
  );
  if (!verdict.admit) {
    return (
      <div className="rounded-sm border-2 border-ember bg-humidor p-6" data-testid="door-verdict" data-verdict="refuse">
        <p className="text-xs font-semibold uppercase tracking-[0.3em] text-ember">Refused</p>
        <h3 className="mt-2 text-3xl text-cream">{refusalWords[verdict.reason]}</h3>
        {verdict.member ? <p className="mt-2 text-smoke">{verdict.member.name}</p> : null}
        <button type="button" className={`${buttonClasses("secondary")} mt-5`} onClick={onDismiss}>
          Next
        </button>
      </div>
    );
  }
  const { member } = verdict;
  const expected = list.expectedGuests.filter(
    (guest) => guest.hostMemberId === memberId && !guest.checkedIn && !queuedVisits.has(guest.id),
  );
  const addedWaiting = queue
    .filter((row) => row.memberId === member.id)
    .reduce((total, row) => total + row.guests.filter((guest) => guest.name !== undefined).length, 0);
  const left = Math.max(0, guestsLeftToday(member, lounge, list.eventNightLounges.includes(lounge)) - addedWaiting - added.length);
  const guests: DoorCheckIn["guests"] = [
    ...[...ticked].map((guestVisitId) => ({ id: crypto.randomUUID(), guestVisitId })),
    ...added.map((name) => ({ id: crypto.randomUUID(), name })),
  ];
  return (
    <div className="rounded-sm border-2 border-brass bg-humidor p-6" data-testid="door-verdict" data-verdict="admit">
      <div className="flex gap-5">
        {online && member.hasPhoto ? (
          <img
            src={`/door/photos/${encodeURIComponent(member.id)}`}
            alt={`Photo of ${member.name}`}
            className="h-28 w-24 rounded-sm object-cover"
          />
        ) : null}
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brass">Welcome</p>
          <h3 className="mt-2 text-3xl text-cream">{member.name}</h3>
          <p className="mt-1 text-smoke">{tierNames[member.tier]} member</p>
          {verdict.duesPastDue ? <p className="mt-1 text-warning">Dues past due: a word from the concierge.</p> : null}
        </div>
      </div>
      {earlierAt ? (
        <p className="mt-4 rounded-sm border border-warning p-3 text-warning" data-testid="door-repeat">
          Already checked in tonight at {clockTime(earlierAt)}.
        </p>
      ) : null}
      {expected.length > 0 ? (
        <fieldset className="mt-5">
          <legend className="text-sm font-semibold text-cream">Today&rsquo;s expected guests</legend>
          {expected.map((guest) => (
            <label key={guest.id} className="mt-2 flex items-center gap-3 text-cream">
              <input
                type="checkbox"
                className="h-5 w-5 accent-brass"
                checked={ticked.has(guest.id)}
                onChange={(event) =>
                  setTicked((before) => {
                    const next = new Set(before);
                    if (event.target.checked) next.add(guest.id);
                    else next.delete(guest.id);
                    return next;
                  })
                }
              />
              {guest.guestName}
            </label>
          ))}
        </fieldset>
      ) : null}
      {added.length > 0 ? (
        <ul className="mt-3 text-cream" aria-label="Guests added at the door">
          {added.map((name) => (
            <li key={name}>{name} (added at the door)</li>
          ))}
        </ul>
      ) : null}
      <form
        className="mt-5"
        onSubmit={(event) => {
          event.preventDefault();
          const name = guestName.trim();
          if (name && left > 0 && !added.includes(name)) setAdded([...added, name]);
          setGuestName("");
        }}
      >
        <label htmlFor="door-guest-name" className="text-sm font-semibold text-cream">
          Add a guest{" "}
          <span className="font-normal text-smoke" data-testid="door-guests-left">
            ({left === 0 ? "no guests left today" : `${left} left today`})
          </span>
        </label>
        <div className="flex gap-3">
          <input
            id="door-guest-name"
            className={inputClasses}
            value={guestName}
            autoComplete="off"
            disabled={left === 0}
            onChange={(event) => setGuestName(event.target.value)}
          />
          <button type="submit" className={`${buttonClasses("secondary")} mt-2`} disabled={left === 0}>
            Add
          </button>
        </div>
      </form>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className={buttonClasses()} onClick={() => onCheckIn(verdict, guests)}>
          Check in{guests.length > 0 ? ` with ${guests.length} guest${guests.length === 1 ? "" : "s"}` : ""}
        </button>
        <button type="button" className={buttonClasses("quiet")} onClick={onDismiss}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function Tonight({ evening, queue, list }: { evening: DoorEvening | null; queue: DoorCheckIn[]; list: DoorList | null }) {
  const today = portlandDay(new Date());
  const synced = evening?.day === today ? evening : null;
  const names = new Map(list?.members.map((member) => [member.id, member]) ?? []);
  const waiting = queue.filter((row) => portlandDay(new Date(row.checkedInAt)) === today);
  return (
    <aside aria-labelledby="door-tonight-title" className="lg:border-l lg:border-cedar lg:pl-8">
      <h2 id="door-tonight-title" className="text-xl text-cream">
        Tonight
      </h2>
      <table className="mt-4 w-full text-left text-sm" data-testid="door-occupancy">
        <caption className="sr-only">Checked in tonight, by lounge</caption>
        <thead className="text-smoke">
          <tr>
            <th scope="col" className="py-1 font-semibold">
              Lounge
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Members
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Guests
            </th>
          </tr>
        </thead>
        <tbody className="text-cream">
          {doorLounges.map((slug) => {
            const row = synced?.occupancy.find((entry) => entry.lounge === slug);
            const here = waiting.filter((entry) => entry.lounge === slug);
            return (
              <tr key={slug} className="border-t border-cedar">
                <th scope="row" className="py-2 font-normal">
                  {loungeNames[slug]}
                </th>
                <td className="py-2 text-right">{(row?.members ?? 0) + here.length}</td>
                <td className="py-2 text-right">{(row?.guests ?? 0) + here.reduce((total, entry) => total + entry.guests.length, 0)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h3 className="mt-8 text-lg text-cream">This evening&rsquo;s check-ins</h3>
      <ol className="mt-3 space-y-3 text-sm" data-testid="door-evening">
        {waiting
          .slice()
          .reverse()
          .map((row) => (
            <li key={row.id} className="text-cream">
              <span className="text-smoke">{clockTime(row.checkedInAt)}</span> {names.get(row.memberId)?.name ?? "A member"}
              {row.guests.length > 0 ? ` + ${row.guests.length}` : ""} <span className="text-warning">(waiting to sync)</span>
            </li>
          ))}
        {synced?.checkIns.map((row) => (
          <li key={row.id} className="text-cream">
            <span className="text-smoke">{clockTime(row.checkedInAt)}</span> {row.memberName}{" "}
            <span className="text-smoke">· {loungeNames[row.lounge]}</span>
            {row.guests.length > 0 ? (
              <span className="block pl-4 text-smoke">
                with{" "}
                {row.guests
                  .map((guest) => (guest.refusedOnSync ? `${guest.name} (refused on sync: ${guest.refusedOnSync})` : guest.name))
                  .join(", ")}
              </span>
            ) : null}
          </li>
        ))}
        {waiting.length === 0 && (synced?.checkIns.length ?? 0) === 0 ? <li className="text-smoke">Nobody yet.</li> : null}
      </ol>
    </aside>
  );
}

/** The sync's refusals, in words for the door: a check-in the club refused, a door guest the rules refused. */
function describeRefusals(answers: DoorSyncAnswer[], queue: DoorCheckIn[], list: DoorList | null): string[] {
  const nameOf = (memberId: string | undefined) => list?.members.find((member) => member.id === memberId)?.name ?? "A member";
  return answers.flatMap((answer) => {
    const sent = queue.find((row) => row.id === answer.id);
    const notes = answer.outcome === "refused" ? [`${nameOf(sent?.memberId)}: check-in refused on sync (${answer.reason}).`] : [];
    for (const guest of answer.guests) {
      if (guest.outcome !== "refused") continue;
      const name = sent?.guests.find((entry) => entry.id === guest.id)?.name ?? "A guest";
      notes.push(
        `${name}, guest of ${nameOf(sent?.memberId)}: refused on sync (${guest.reason}); recorded as inside — tell the concierge.`,
      );
    }
    return notes;
  });
}
