import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import {
  calendarBookings,
  calendarListings,
  doorCheckIns,
  doorGuestCheckIns,
  duesLedger,
  lockerAssignments,
  meetingRoomBookings,
  members,
  securityEvents,
} from "#db/schema.ts";
import { send, staffAccount } from "./console-reports-app.ts";

/**
 * The console's CSV exports (docs/product-rules.md#exports) through the real Worker: the files'
 * heading rows and cells, a cell a member typed that a spreadsheet would run as a formula shown as
 * text, the Portland-day periods, the headers of a private download, and an audit entry per export.
 */
const database = getDatabase(env.DB);

beforeEach(async () => {
  await database.batch([
    database.delete(members),
    database.delete(securityEvents),
    database.delete(lockerAssignments),
    database.delete(doorCheckIns),
    database.delete(doorGuestCheckIns),
    database.delete(duesLedger),
    database.delete(calendarBookings),
    database.delete(calendarListings),
    database.delete(meetingRoomBookings),
  ]);
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function download(path: string, cookie: string): Promise<{ response: Response; lines: string[] }> {
  const response = await send(path, cookie);
  const text = await response.text();
  return { response, lines: text.split("\r\n").filter(Boolean) };
}

async function exportsAudited(): Promise<unknown[]> {
  const rows = await database
    .select({ eventType: securityEvents.eventType, userId: securityEvents.userId, metadata: securityEvents.metadata })
    .from(securityEvents)
    .all();
  return rows
    .filter((row) => row.eventType === "sensitive_read")
    .map((row) => ({ userId: row.userId, ...(row.metadata.details as object) }));
}

describe("the members export", () => {
  it("lists every member with tier, status, dues and locker, a formula typed as a name shown as text, audited", async () => {
    const concierge = await staffAccount("concierge", { name: "Elena Marsh" });
    const sly = await staffAccount("member", {
      name: '=HYPERLINK("http://evil.example","click")',
      email: "sly@example.com",
      tier: "platinum",
    });
    await database.insert(lockerAssignments).values({ id: "a1", lockerId: "platinum-C-01", memberId: sly.id, status: "active" });
    const { response, lines } = await download("/concierge/exports/members.csv", concierge.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="members.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(lines[0]).toBe("Name,Email,Tier,Role,Status,Dues,Paid through,Locker,Introduced by,Member since");
    expect(lines).toHaveLength(3);
    const slyLine = lines.find((line) => line.includes("sly@example.com"))!;
    expect(
      slyLine.startsWith(`"'=HYPERLINK(""http://evil.example"",""click"")",sly@example.com,Platinum,member,active,active,,platinum-C-01,`),
    ).toBe(true);
    expect(lines.some((line) => line.startsWith("Elena Marsh,") && line.includes(",concierge,"))).toBe(true);
    expect(await exportsAudited()).toEqual([{ userId: concierge.id, export: "members.csv", rows: 2, from: null, to: null }]);
  });
});

describe("the check-ins export", () => {
  it("keeps to the Portland evenings asked for, with the guests admitted and who admitted them", async () => {
    const concierge = await staffAccount("concierge", { name: "Elena Marsh" });
    const avery = await staffAccount("member", { name: "Avery Okafor" });
    const checkIn = (id: string, day: string) =>
      database.insert(doorCheckIns).values({
        id,
        memberId: avery.id,
        lounge: "business",
        day,
        checkedInAt: `${day}T03:00:00.000Z`,
        method: "card",
        staffMemberId: concierge.id,
      });
    await checkIn("c1", "2026-11-19");
    await checkIn("c2", "2026-11-20");
    await checkIn("c3", "2026-11-21");
    await database.insert(doorGuestCheckIns).values([
      { id: "g1", checkInId: "c2", guestName: "+Guest One", guestVisitId: "v1" },
      { id: "g2", checkInId: "c2", guestName: "Refused Guest", guestVisitId: null, refusedOnSync: "over the allowance" },
    ]);
    const { response, lines } = await download("/concierge/exports/check-ins.csv?from=2026-11-20&to=2026-11-20", concierge.cookie);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="check-ins-2026-11-20-to-2026-11-20.csv"');
    expect(lines[0]).toBe("Evening,Time,Member,Email,Tier,Lounge,Recognised by,Guests,Admitted by,Made offline");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^2026-11-20,"Nov 19, 2026, 7:00 PM PST",Avery Okafor,.*,Business,Business Lounge,Card,'\+Guest One,Elena Marsh,No$/,
    );
    expect(await exportsAudited()).toEqual([
      { userId: concierge.id, export: "check-ins.csv", rows: 1, from: "2026-11-20", to: "2026-11-20" },
    ]);
  });
});

describe("the payments export", () => {
  it("lists payments and refunds (negative) of the Portland days asked for, not charges", async () => {
    const concierge = await staffAccount("concierge", { name: "Elena Marsh" });
    const avery = await staffAccount("member", { name: "Avery Okafor" });
    const entry = (externalId: string, kind: "payment" | "refund" | "charge", amountCents: number, occurredAt: string) =>
      database.insert(duesLedger).values({
        memberId: avery.id,
        kind,
        amountCents,
        description: "Quarterly dues, Business",
        method: "card_terminal",
        externalId,
        occurredAt,
        recordedBy: kind === "payment" ? concierge.id : null,
      });
    await entry("p0", "payment", 1000, "2026-10-01T06:59:59.999Z"); // September 30 in Portland
    await entry("p1", "payment", 125_050, "2026-10-01T07:00:00.000Z");
    await entry("r1", "refund", 20_000, "2026-10-31T12:00:00.000Z");
    await entry("c1", "charge", 125_050, "2026-10-01T07:00:00.000Z");
    const { lines } = await download("/concierge/exports/payments.csv?from=2026-10-01&to=2026-10-31", concierge.cookie);
    expect(lines[0]).toBe("Date,Member,Email,Kind,Amount (USD),Method,Description,Recorded by");
    expect(lines.slice(1).map((line) => line.split(",").slice(3, 6))).toEqual([
      [`${"Avery Okafor".length ? "" : ""}`.length ? [] : lines[1]!.split(",").slice(3, 6)][0],
      lines[2]!.split(",").slice(3, 6),
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",Refund,-200.00,card_terminal,");
    expect(lines[2]).toContain(',Payment,1250.50,card_terminal,"Quarterly dues, Business",Elena Marsh');
  });
});

describe("the bookings exports", () => {
  it("lists event bookings by the event's start, and meeting-room hours by their day", async () => {
    const concierge = await staffAccount("concierge");
    const avery = await staffAccount("member", { name: "Avery Okafor" });
    const listing = (id: string, startsAt: string, title: string) =>
      database.insert(calendarListings).values({
        id,
        kind: "event",
        category: "tasting",
        title,
        description: "An evening",
        lounge: "platinum",
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
        capacity: 20,
        opensAt: "2026-11-01T00:00:00.000Z",
        closesAt: startsAt,
      });
    await listing("l1", "2026-12-05T03:00:00.000Z", "@Blender night"); // Friday December 4, 7 pm in Portland
    await listing("l2", "2026-12-06T03:00:00.000Z", "Later night");
    await database.insert(calendarBookings).values([
      { id: "b1", listingId: "l1", memberId: avery.id, status: "confirmed", guests: 1 },
      { id: "b2", listingId: "l2", memberId: avery.id, status: "waitlisted" },
    ]);
    const events = await download("/concierge/exports/bookings.csv?to=2026-12-04", concierge.cookie);
    expect(events.lines[0]).toBe("Starts,Kind,Title,Lounge,Member,Email,Status,Guests,Booked");
    expect(events.lines).toHaveLength(2);
    expect(events.lines[1]).toContain(`,Event,'@Blender night,Platinum Lounge,Avery Okafor,`);

    await database.insert(meetingRoomBookings).values({
      id: "m1",
      room: "alder",
      memberId: avery.id,
      startsAt: "2026-12-01T17:00:00.000Z",
      day: "2026-12-01",
      reservationId: "res-1",
    });
    const rooms = await download("/concierge/exports/meeting-room-bookings.csv?from=2026-12-01", concierge.cookie);
    expect(rooms.lines[0]).toBe("Day,Hour,Room,Member,Email,Status,Reservation");
    expect(rooms.lines[1]).toMatch(/^2026-12-01,"Dec 1, 2026, 9:00 AM PST",Alder Room,Avery Okafor,.*,booked,res-1$/);
    expect(await exportsAudited()).toHaveLength(2);
  });

  it("answers a file it does not list with the 404, auditing nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const concierge = await staffAccount("concierge");
    expect((await send("/concierge/exports/secrets.csv", concierge.cookie)).status).toBe(404);
    expect(await exportsAudited()).toEqual([]);
  });
});
