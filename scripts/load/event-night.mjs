import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { RULES_VERSION } from "../../app/features/site/club-rules.ts";
import { percentiles, statusCounts } from "./clients.mjs";

/**
 * The event-night run of `npm run load` (docs/product-rules.md#door): the door admits `checkIns`
 * members (some bringing the guests they registered, some adding one at the door) spread evenly
 * over `seconds`, posting each check-in as the door page syncs it and reading tonight's occupancy
 * after each, refreshing its status list every tenth, while `browsers` signed-in members browse
 * their pages the whole time. Then the door re-sends its whole queue, as a device that lost the
 * answers would: every check-in must be stored once.
 *
 * @typedef {import("./checks.mjs").Check} Check
 * @typedef {{ id: string; email: string; name: string; tier: string; registeredGuest: string | null; doorGuest: string | null }} Arrival
 * @typedef {{ status: number; ms: number; path: string; answers?: SyncAnswer[] }} Reply
 * @typedef {{ id: string; outcome: string; guests: { id: string; outcome: string }[] }} SyncAnswer
 */

const TIERS = ["kickback", "business", "platinum"];
/** The pages a member opens on an event night. */
const MEMBER_PAGES = ["/members", "/members/events", "/members/guests", "/members/card", "/members/academy", "/rewards"];

/** The club's day in Portland (YYYY-MM-DD), as the door and the guests feature count it. */
export function portlandToday(now = new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(now);
}

/**
 * `count` arriving members, tiers in turn; every fifth registered a guest for tonight, every
 * seventh adds one at the door.
 * @param {number} count
 * @returns {Arrival[]}
 */
export function eventNightArrivals(count) {
  return Array.from({ length: count }, (_, index) => ({
    id: /** @type {string} */ (crypto.randomUUID()),
    email: `arrival.${index + 1}@event-night.load.example`,
    name: `Event Guest Host ${index + 1}`,
    tier: /** @type {string} */ (TIERS[index % TIERS.length]),
    registeredGuest: index % 5 === 0 ? crypto.randomUUID() : null,
    doorGuest: index % 7 === 3 ? `Door Guest ${index + 1}` : null,
  }));
}

/**
 * Writes the arriving members (active, dues paid, club rules accepted) and tonight's registered
 * guests into the run's fresh D1 before its server starts (server.mjs `seed`).
 * @param {string} persistTo
 * @param {Arrival[]} arrivals
 */
export function seedEventNight(persistTo, arrivals) {
  const database = openRunDatabase(persistTo);
  const day = portlandToday();
  try {
    const insertMember = database.prepare(
      `INSERT INTO members (id, email, name, tier, role, status, dues_status, email_confirmed_at)
         VALUES (?, ?, ?, ?, 'member', 'active', 'active', ?)`,
    );
    const acceptRules = database.prepare("INSERT INTO rules_acceptances (member_id, rules_version) VALUES (?, ?)");
    const insertGuest = database.prepare(
      `INSERT INTO guest_visits (id, host_member_id, lounge, day, guest_name, guest_key, adult_confirmed, stick_fee_waived)
         VALUES (?, ?, ?, ?, ?, ?, 1, 0)`,
    );
    database.exec("BEGIN");
    for (const [index, arrival] of arrivals.entries()) {
      insertMember.run(arrival.id, arrival.email, arrival.name, arrival.tier, new Date().toISOString());
      acceptRules.run(arrival.id, RULES_VERSION);
      if (arrival.registeredGuest) {
        const guestName = `Registered Guest ${index + 1}`;
        insertGuest.run(arrival.registeredGuest, arrival.id, arrival.tier, day, guestName, guestName.toLowerCase());
      }
    }
    database.exec("COMMIT");
  } finally {
    database.close();
  }
}

/**
 * The evening itself: the door's check-ins at an even pace while the members browse, then the
 * door's re-sync of its whole queue.
 * @param {{ url: string; door: string; members: string[]; arrivals: Arrival[]; seconds: number }} options
 */
export async function runEventNight({ url, door, members, arrivals, seconds }) {
  const started = performance.now();
  /** @type {Reply[]} */
  const doorReplies = [];
  /** @type {Reply[]} */
  const browseReplies = [];
  /** @type {SyncAnswer[]} */
  const firstAnswers = [];
  /** @type {SyncAnswer[]} */
  const resyncAnswers = [];
  const queue = arrivals.map((arrival) => checkInOf(arrival));
  let doorDone = false;

  const browsing = members.map(async (cookie, browser) => {
    for (let visit = browser; !doorDone; visit++) {
      const path = /** @type {string} */ (MEMBER_PAGES[visit % MEMBER_PAGES.length]);
      browseReplies.push(await timed(url, path, { headers: { Cookie: cookie } }));
      await sleep(250);
    }
  });

  const gap = (seconds * 1000) / queue.length;
  for (const [index, checkIn] of queue.entries()) {
    const due = started + index * gap;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const reply = await timed(url, "/door/check-ins", syncRequest(url, door, [checkIn]));
    doorReplies.push(reply);
    firstAnswers.push(...(reply.answers ?? []));
    doorReplies.push(await timed(url, "/door/check-ins", { headers: { Cookie: door } }));
    if (index % 10 === 0) doorReplies.push(await timed(url, "/door/list", { headers: { Cookie: door } }));
  }
  const evening = await fetch(`${url}/door/check-ins`, { headers: { Cookie: door } }).then((response) => response.json());
  doorDone = true;
  await Promise.all(browsing);
  const eveningSeconds = (performance.now() - started) / 1000;

  // The device lost every answer and sends its whole queue again, 25 at a time (the sync's batch).
  for (let at = 0; at < queue.length; at += 25) {
    const reply = await timed(url, "/door/check-ins", syncRequest(url, door, queue.slice(at, at + 25)));
    doorReplies.push(reply);
    resyncAnswers.push(...(reply.answers ?? []));
  }
  return { doorReplies, browseReplies, firstAnswers, resyncAnswers, evening, eveningSeconds, queue };
}

/**
 * What the door page queues for an arrival: the member, the lounge of their tier, their
 * registered guest and the guest they add at the door.
 * @param {Arrival} arrival
 */
function checkInOf(arrival) {
  /** @type {({ id: string; guestVisitId: string } | { id: string; name: string })[]} */
  const guests = [];
  if (arrival.registeredGuest) guests.push({ id: crypto.randomUUID(), guestVisitId: arrival.registeredGuest });
  if (arrival.doorGuest) guests.push({ id: crypto.randomUUID(), name: arrival.doorGuest });
  return {
    id: crypto.randomUUID(),
    memberId: arrival.id,
    lounge: arrival.tier,
    checkedInAt: new Date().toISOString(),
    method: "card",
    offline: false,
    guests,
  };
}

/**
 * @param {string} url
 * @param {string} cookie
 * @param {unknown[]} checkIns
 * @returns {RequestInit}
 */
function syncRequest(url, cookie, checkIns) {
  return {
    method: "POST",
    headers: { Cookie: cookie, Origin: url, "Content-Type": "application/json" },
    body: JSON.stringify({ checkIns }),
  };
}

/**
 * One request, timed; a failed connection is status 0. JSON answers are kept (the door's sync).
 * @param {string} url
 * @param {string} path
 * @param {RequestInit} init
 * @returns {Promise<Reply>}
 */
async function timed(url, path, init) {
  const started = performance.now();
  try {
    const response = await fetch(`${url}${path}`, { redirect: "manual", ...init });
    const json = response.headers.get("Content-Type")?.includes("application/json") && init.method === "POST";
    const body = json ? await response.json() : await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started, path, ...(json ? { answers: body.answers } : {}) };
  } catch {
    return { status: 0, ms: performance.now() - started, path };
  }
}

/**
 * The event night's checks, against the answers and the run's D1.
 * @param {{ persistTo: string; arrivals: Arrival[]; run: Awaited<ReturnType<typeof runEventNight>> }} options
 * @returns {{ checks: Check[]; counts: Record<string, number> }}
 */
export function checkEventNight({ persistTo, arrivals, run }) {
  const { doorReplies, browseReplies, firstAnswers, resyncAnswers, evening, queue } = run;
  const all = [...doorReplies, ...browseReplies];
  const failed = all.filter((reply) => reply.status === 0 || reply.status >= 500);
  const database = openRunDatabase(persistTo, true);
  /** @param {string} query */
  const count = (query) => Number(/** @type {{ n: number }} */ (database.prepare(query).get()).n);
  try {
    /** @type {Set<string>} */
    const ids = new Set(queue.map((checkIn) => checkIn.id));
    const rows = /** @type {{ id: string }[]} */ (database.prepare("SELECT id FROM door_check_ins").all());
    const doorGuestAnswers = firstAnswers.flatMap((answer) => answer.guests).filter((guest) => doorGuestIds(queue).has(guest.id));
    const storedDoorGuests = doorGuestAnswers.filter((guest) => guest.outcome === "stored").length;
    const refusedDoorGuests = doorGuestAnswers.filter((guest) => guest.outcome === "refused").length;
    const registered = arrivals.filter((arrival) => arrival.registeredGuest).length;
    const counts = {
      checkIns: rows.length,
      registeredGuests: registered,
      linkedRegisteredGuests: count(
        "SELECT count(*) AS n FROM door_guest_check_ins WHERE guest_visit_id IN (SELECT id FROM guest_visits WHERE guest_name LIKE 'Registered Guest %')",
      ),
      doorGuests: doorGuestAnswers.length,
      storedDoorGuests,
      refusedDoorGuests,
      doorGuestVisits: count("SELECT count(*) AS n FROM guest_visits WHERE guest_name LIKE 'Door Guest %' AND status = 'expected'"),
      refusedOnSyncRows: count("SELECT count(*) AS n FROM door_guest_check_ins WHERE refused_on_sync IS NOT NULL"),
      guestRows: count("SELECT count(*) AS n FROM door_guest_check_ins"),
    };
    const browseStatuses = statusesOf(browseReplies);
    /** @type {Check[]} */
    const checks = [
      {
        name: "zero 5xx answers and no failed connections (door and members)",
        pass: failed.length === 0,
        detail: `${failed.length} of ${all.length} requests; door ${JSON.stringify(statusesOf(doorReplies))}`,
      },
      {
        name: "every page a member opened answered 200",
        pass: browseReplies.length > 0 && browseReplies.every((reply) => reply.status === 200),
        detail: `${browseReplies.length} pages: ${JSON.stringify(browseStatuses)}`,
      },
      {
        name: "every check-in was stored on its first sync",
        pass: firstAnswers.length === queue.length && firstAnswers.every((answer) => answer.outcome === "stored"),
        detail: `${firstAnswers.filter((answer) => answer.outcome === "stored").length} stored of ${queue.length}`,
      },
      {
        name: "the whole queue sent again: every check-in answered 'already stored', none stored twice",
        pass:
          resyncAnswers.length === queue.length &&
          resyncAnswers.every((answer) => answer.outcome === "already-stored") &&
          rows.length === queue.length &&
          rows.every((row) => ids.has(row.id)),
        detail: `${resyncAnswers.filter((answer) => answer.outcome === "already-stored").length} already stored; ${rows.length} door_check_ins rows for ${queue.length} check-ins`,
      },
      {
        name: "each registered guest was checked in once, against their own visit",
        pass: counts.linkedRegisteredGuests === registered,
        detail: `${counts.linkedRegisteredGuests} linked of ${registered} registered`,
      },
      {
        name: "each guest added at the door became a guest visit (counting against the allowance) or was kept as refused",
        pass:
          storedDoorGuests + refusedDoorGuests === doorGuestAnswers.length &&
          counts.doorGuestVisits === storedDoorGuests &&
          counts.refusedOnSyncRows === refusedDoorGuests &&
          counts.guestRows === registered + doorGuestAnswers.length,
        detail: `${storedDoorGuests} visits, ${refusedDoorGuests} refused and kept; ${counts.guestRows} guest check-in rows`,
      },
      {
        name: "tonight's occupancy counts every member and guest the door admitted",
        pass: occupancyTotal(evening) === queue.length + registered + storedDoorGuests + refusedDoorGuests,
        detail: `${occupancyTotal(evening)} for ${queue.length} members and ${registered + doorGuestAnswers.length} guests`,
      },
    ];
    return { checks, counts };
  } finally {
    database.close();
  }
}

/** @param {ReturnType<typeof checkInOf>[]} queue */
function doorGuestIds(queue) {
  return new Set(queue.flatMap((checkIn) => checkIn.guests.filter((guest) => "name" in guest).map((guest) => guest.id)));
}

/**
 * Members plus guests over every lounge in /door/check-ins' answer.
 * @param {any} evening
 */
function occupancyTotal(evening) {
  /** @type {{ members?: number; guests?: number }[]} */
  const lounges = Array.isArray(evening?.occupancy) ? evening.occupancy : [];
  return lounges.reduce((total, lounge) => total + Number(lounge.members ?? 0) + Number(lounge.guests ?? 0), 0);
}

/**
 * Answers per status code, as the other runs count them.
 * @param {Reply[]} replies
 */
function statusesOf(replies) {
  return statusCounts(replies.map((reply) => ({ ...reply, json: null })));
}

/**
 * Latency of the door's requests and the members' pages, for the report.
 * @param {Awaited<ReturnType<typeof runEventNight>>} run
 */
export function eventNightLatency(run) {
  return {
    sync: percentiles(run.doorReplies.filter((reply) => reply.path === "/door/check-ins" && reply.answers).map((reply) => reply.ms)),
    door: percentiles(run.doorReplies.filter((reply) => !reply.answers).map((reply) => reply.ms)),
    pages: percentiles(run.browseReplies.map((reply) => reply.ms)),
  };
}

/**
 * @param {string} persistTo
 * @param {boolean} [readOnly]
 */
function openRunDatabase(persistTo, readOnly = false) {
  const directory = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(directory).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${directory}`);
  return new DatabaseSync(join(directory, file), { readOnly });
}
