import { describe, expect, it } from "vitest";
import { csvCell, pipelineCsv } from "#app/features/admissions/pipeline-csv.server.ts";
import type { InvitationRequestView } from "#worker/features/admissions/admissions.ts";

/** The console's CSV export (docs/operators.md#the-concierge-console): RFC 4180, and no cell a spreadsheet would run. */
describe("csvCell", () => {
  it("quotes cells with commas, quotes or line breaks, doubling the quotes", () => {
    expect(csvCell("Hale Timber Co")).toBe("Hale Timber Co");
    expect(csvCell("Archer, Vale")).toBe('"Archer, Vale"');
    expect(csvCell('The "circle"')).toBe('"The ""circle"""');
    expect(csvCell("line one\r\nline two")).toBe('"line one\r\nline two"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(3)).toBe("3");
  });

  it("turns a cell that begins like a formula into text with a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(csvCell("+1 503 555 0100")).toBe("'+1 503 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("Avery = Hale")).toBe("Avery = Hale");
  });
});

describe("pipelineCsv", () => {
  const request: InvitationRequestView = {
    id: "00000000-0000-4000-8000-000000000001",
    name: "=cmd|' /C calc'!A0",
    email: "avery@example.com",
    company: "Hale, Timber & Co",
    invitedBy: "Jordan Reyes",
    message: "not exported",
    recaptchaScore: 0.9,
    checkedBy: "captcha",
    verifiedPhone: null,
    status: "waitlisted",
    stage: "waitlisted",
    createdAt: "2026-11-21T18:00:00.000Z",
    decidedAt: "2026-11-22T18:00:00.000Z",
    decisionNote: "Known to Jordan",
    decidedByName: "Elena Marsh",
    memberId: null,
    tier: "platinum",
    sitDownInvitedAt: null,
    sitDownAt: null,
    sitDownLounge: null,
    waitlistedAt: "2026-11-22T18:00:00.000Z",
    offeredAt: null,
    offerExpiresAt: null,
    paidAt: null,
    sponsorMemberId: null,
    sponsorName: "Jordan Reyes",
    sponsorAnswer: "yes",
    sponsorAnsweredAt: null,
    history: [],
    joined: [{ id: "x", name: "Avery", message: "again", createdAt: "2026-11-23T18:00:00.000Z" }],
  };

  it("writes a header and one row per application, times in Portland time, with the waitlist position", () => {
    const lines = pipelineCsv([request], new Map([[request.id, 2]])).split("\r\n");
    expect(lines[0]).toBe(
      "Received,Name,Email,Company,Introduced by,Stage,Tier,Sponsor,Sponsor's answer,Sit-down,Decided,Decided by,Internal note,Waitlisted,Waitlist position,Offered,Offer ends,Paid,Submissions",
    );
    expect(lines[1]).toBe(
      `"Nov 21, 2026, 10:00 AM PST",'=cmd|' /C calc'!A0,avery@example.com,"Hale, Timber & Co",Jordan Reyes,Waitlisted,Platinum,Jordan Reyes,Yes,,"Nov 22, 2026, 10:00 AM PST",Elena Marsh,Known to Jordan,"Nov 22, 2026, 10:00 AM PST",2,,,,2`,
    );
    expect(lines[2]).toBe("");
  });
});
