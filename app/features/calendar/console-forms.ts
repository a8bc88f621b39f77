import { z } from "#app/lib/zod.ts";
import { formKeyField } from "#app/lib/form-intent.ts";
import { isMultiLineText, isSingleLineText } from "#app/lib/plain-text.ts";
import { lounges, type Lounge } from "#app/features/site/site-config.ts";
import { courseNames, eventKindNames, type CourseSlug, type EventKind } from "#app/features/site/tier-entitlements.ts";
import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";

/**
 * The forms of the calendar's staff pages, /concierge/events and /concierge/academy
 * (docs/product-rules.md#calendar, Staff): one schema per form, shared by the actions and the
 * tests. Only actions import it (zod stays out of the pages' first load). Times are typed as a
 * Portland date and wall-clock time and leave here as UTC instants. No form names the concierge:
 * the actions take them from `memberContext`.
 */
const loungeSlugs = lounges.map((lounge) => lounge.slug) as [Lounge["slug"], ...Lounge["slug"][]];
const eventKinds = Object.keys(eventKindNames) as [EventKind, ...EventKind[]];
const courses = Object.keys(courseNames) as [CourseSlug, ...CourseSlug[]];

/** Places at one listing: members and their guests. */
export const CAPACITY = { min: 1, max: 500 } as const;
/** The RSVP cut-off of an event, in hours before it starts. */
export const CUTOFF_HOURS = { min: 0, max: 168, default: 24 } as const;
/** A course term's sessions. */
export const TERM_SESSIONS = { max: 12 } as const;
/** One session's length in minutes. */
export const SESSION_MINUTES = { min: 15, max: 480, default: 90 } as const;
/** Enrolment opens this many days before a term's first session (docs/product-rules.md#cigar-academy). */
export const TERM_OPENS_DAYS_BEFORE = 21;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const title = z
  .string()
  .trim()
  .min(1, "Enter a title.")
  .max(120, "Keep the title under 120 characters.")
  .refine(isSingleLineText, "Invalid characters in the title.");
const description = z
  .string()
  .trim()
  .min(1, "Enter a description.")
  .max(2000, "Keep the description under 2,000 characters.")
  .refine(isMultiLineText, "Invalid characters in the description.");
const lounge = z.enum(loungeSlugs, { error: "Choose a lounge." });
const day = (message: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message);
const clock = (message: string) => z.string().regex(/^\d{2}:\d{2}$/, message);
/** A whole number from min to max, with one message for anything else. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

const CAPACITY_MESSAGE = `Enter the places, from ${CAPACITY.min} to ${CAPACITY.max}.`;
const CUTOFF_MESSAGE = `Enter the cut-off in hours, from ${CUTOFF_HOURS.min} to ${CUTOFF_HOURS.max}.`;
const MINUTES_MESSAGE = `Enter the length in minutes, from ${SESSION_MINUTES.min} to ${SESSION_MINUTES.max}.`;
const NO_SUCH_TIME = "That date and time do not exist in Portland. Choose another.";

/** The next calendar day of a YYYY-MM-DD day. */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** An event as staff save it: the listing's columns, times in UTC. */
export interface EventFields {
  title: string;
  description: string;
  category: EventKind;
  lounge: Lounge["slug"];
  startsAt: string;
  endsAt: string;
  capacity: number;
  reservedPlaces: number;
  /** closesAt is this many hours before startsAt. */
  cutoffHours: number;
}

const eventFields = z.object({
  intent: z.literal("save"),
  title,
  description,
  kind: z.enum(eventKinds, { error: "Choose a kind of event." }),
  lounge,
  day: day("Choose a date."),
  startTime: clock("Choose a start time."),
  endTime: clock("Choose an end time."),
  capacity: wholeNumber(CAPACITY.min, CAPACITY.max, CAPACITY_MESSAGE),
  reservedPlaces: z.preprocess(
    (value) => (value === "" || value === undefined ? "0" : value),
    wholeNumber(0, CAPACITY.max, "Enter the reserved places, from 0 to the capacity."),
  ),
  cutoffHours: wholeNumber(CUTOFF_HOURS.min, CUTOFF_HOURS.max, CUTOFF_MESSAGE),
});

/** The event the form describes, or null with each refusal added beside its field. */
function eventOf(event: z.output<typeof eventFields>, context: z.RefinementCtx): EventFields | null {
  const reservedRefusal =
    event.reservedPlaces > 0 && event.kind !== "master-blender-dinner"
      ? "Only master blender dinners have reserved places."
      : event.reservedPlaces > event.capacity
        ? "Reserve at most the event's places."
        : null;
  if (reservedRefusal) context.addIssue({ code: "custom", path: ["reservedPlaces"], message: reservedRefusal });
  const startsAt = portlandTimeToUtc(event.day, event.startTime);
  if (!startsAt) context.addIssue({ code: "custom", path: ["startTime"], message: NO_SUCH_TIME });
  // An end earlier on the clock than the start is the next day's (a dinner that runs past midnight).
  const endsAt =
    event.endTime === event.startTime
      ? null
      : portlandTimeToUtc(event.endTime > event.startTime ? event.day : nextDay(event.day), event.endTime);
  if (!endsAt)
    context.addIssue({
      code: "custom",
      path: ["endTime"],
      message: event.endTime === event.startTime ? "End after the start." : NO_SUCH_TIME,
    });
  if (!startsAt || !endsAt || reservedRefusal) return null;
  const { title, description, kind: category, lounge, capacity, reservedPlaces, cutoffHours } = event;
  return { title, description, category, lounge, startsAt, endsAt, capacity, reservedPlaces, cutoffHours };
}

const saveEvent = eventFields.transform((fields, context): { intent: "save"; event: EventFields } => {
  const event = eventOf(fields, context);
  return event ? { intent: "save", event } : z.NEVER;
});

/** The second step of 'Cancel' beside one booking or waitlist place on an event's or a term's page. */
const cancelOneBooking = z.object({ intent: z.literal("cancel-booking"), bookingId: z.string().trim().min(1).max(100) });

/**
 * /concierge/events/:id: save the event, (the second step of 'Cancel this event') cancel it, or
 * cancel one member's booking, told apart by `intent`.
 */
export const consoleEventForm = z.discriminatedUnion("intent", [saveEvent, z.object({ intent: z.literal("cancel") }), cancelOneBooking]);

/**
 * /concierge/events/new: the event, with the key of the page that showed the form; creating it is
 * one intent (docs/product-rules.md#a-form-is-one-intent).
 */
export const newEventForm = eventFields
  .extend({ formKey: formKeyField })
  .transform((fields, context): { event: EventFields; formKey: string } => {
    const event = eventOf(fields, context);
    return event ? { event, formKey: fields.formKey } : z.NEVER;
  });

/** One session of a term, in UTC. */
export interface TermSession {
  startsAt: string;
  endsAt: string;
}

/** A course term as staff save it. */
export interface TermFields {
  category: CourseSlug;
  title: string;
  description: string;
  lounge: Lounge["slug"];
  seats: number;
  /** In order, at least one. */
  sessions: TermSession[];
}

/** The names of row `n`'s fields (1-based): `session3Day`, `session3Time`, `session3Minutes`. */
export const sessionFieldNames = (n: number) =>
  ({ day: `session${n}Day`, time: `session${n}Time`, minutes: `session${n}Minutes` }) as const;

const sessionRows = Object.fromEntries(
  Array.from({ length: TERM_SESSIONS.max }, (_, index) => Object.values(sessionFieldNames(index + 1)))
    .flat()
    .map((name) => [name, z.string().trim().optional()]),
);

const termFields = z.object({
  intent: z.literal("save"),
  course: z.enum(courses, { error: "Choose a course." }),
  title,
  description,
  lounge,
  seats: wholeNumber(CAPACITY.min, CAPACITY.max, `Enter the seats, from ${CAPACITY.min} to ${CAPACITY.max}.`),
  ...sessionRows,
});

/** The term the form describes, its sessions in order, or null with each refusal added beside its field. */
function termOf(term: z.output<typeof termFields>, context: z.RefinementCtx): TermFields | null {
  const rows: Record<string, unknown> = term;
  const text = (name: string) => (typeof rows[name] === "string" ? rows[name] : "");
  const sessions: (TermSession & { row: number })[] = [];
  const refuse = (path: string, message: string) => {
    context.addIssue({ code: "custom", path: [path], message });
    refused = true;
  };
  let refused = false;
  for (let row = 1; row <= TERM_SESSIONS.max; row += 1) {
    const names = sessionFieldNames(row);
    const [date, time, minutes] = [text(names.day), text(names.time), text(names.minutes)];
    // A row left empty is no session; the form offers more rows than most terms need.
    if (!date && !time) continue;
    const startsAt = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time) ? portlandTimeToUtc(date, time) : null;
    const length = wholeNumber(SESSION_MINUTES.min, SESSION_MINUTES.max, MINUTES_MESSAGE).safeParse(minutes);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) refuse(names.day, "Choose a date.");
    else if (!/^\d{2}:\d{2}$/.test(time)) refuse(names.time, "Choose a start time.");
    else if (!startsAt) refuse(names.time, NO_SUCH_TIME);
    if (!length.success) refuse(names.minutes, MINUTES_MESSAGE);
    if (startsAt && length.success)
      sessions.push({ row, startsAt, endsAt: new Date(Date.parse(startsAt) + length.data * 60_000).toISOString() });
  }
  if (sessions.length === 0 && !refused) refuse(sessionFieldNames(1).day, "Add at least one session.");
  sessions.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  for (let index = 1; index < sessions.length; index += 1) {
    const session = sessions[index]!;
    if (session.startsAt < sessions[index - 1]!.endsAt)
      refuse(sessionFieldNames(session.row).time, "This session overlaps another. Choose another time.");
  }
  if (refused) return null;
  const { course: category, title, description, lounge, seats } = term;
  return { category, title, description, lounge, seats, sessions: sessions.map(({ startsAt, endsAt }) => ({ startsAt, endsAt })) };
}

const saveTerm = termFields.transform((fields, context): { intent: "save"; term: TermFields } => {
  const term = termOf(fields, context);
  return term ? { intent: "save", term } : z.NEVER;
});

/** /concierge/academy/:id: save the term, cancel it or one member's enrolment (each a confirmation's second step). */
export const consoleTermForm = z.discriminatedUnion("intent", [saveTerm, z.object({ intent: z.literal("cancel") }), cancelOneBooking]);

/** /concierge/academy/new: the term, with the page's key; creating it is one intent (docs/product-rules.md#a-form-is-one-intent). */
export const newTermForm = termFields
  .extend({ formKey: formKeyField })
  .transform((fields, context): { term: TermFields; formKey: string } => {
    const term = termOf(fields, context);
    return term ? { term, formKey: fields.formKey } : z.NEVER;
  });

/** The lists' filter: ?when=past shows what has ended, newest first; anything else the upcoming. */
export const consoleListingsQuery = z.object({
  when: z.enum(["upcoming", "past"]).catch("upcoming"),
});

/** When an event closes to bookings: `cutoffHours` before it starts. */
export function eventClosesAt(startsAt: string, cutoffHours: number): string {
  return new Date(Date.parse(startsAt) - cutoffHours * HOUR_MS).toISOString();
}

/** A term opens TERM_OPENS_DAYS_BEFORE days before its first session and closes as it begins. */
export function termWindow(sessions: TermSession[]): { startsAt: string; endsAt: string; opensAt: string; closesAt: string } {
  const first = sessions[0]!.startsAt;
  const last = sessions.reduce((end, session) => (session.endsAt > end ? session.endsAt : end), sessions[0]!.endsAt);
  return {
    startsAt: first,
    endsAt: last,
    opensAt: new Date(Date.parse(first) - TERM_OPENS_DAYS_BEFORE * DAY_MS).toISOString(),
    closesAt: first,
  };
}
