import { describe, expect, it } from "vitest";
import { club } from "#app/features/site/site-config.ts";
import { offerExpiredEmail, waitlistEmail } from "#worker/features/admissions/decision-emails.ts";
import { sitDownInvitationEmail } from "#worker/features/admissions/sit-down-emails.ts";
import type { SealedSecret } from "#worker/shared/sealed-secrets.ts";

/** The applicant's emails say only what the rules make true (docs/product-rules.md#admissions). */
const link = "&sealed:AAAA.BBBB;" as SealedSecret;

describe("applicant texts", () => {
  it("promises no sit-down length: each slot has its own, shown where the applicant chooses", () => {
    expect(sitDownInvitationEmail({ name: "Avery", link }).body).not.toMatch(/minutes/);
  });

  it("never says a tier is full to someone waitlisted because others were waiting first", () => {
    const { body } = waitlistEmail({ name: "Avery", tier: "platinum", link });
    expect(body).not.toMatch(/every place in that tier is taken/i);
    expect(body).toContain("others were waiting for one before you");
  });

  it("tells an applicant whose offer ended to call the office, as the status page does", () => {
    const { body } = offerExpiredEmail({ name: "Avery", tier: "platinum" });
    expect(body).not.toMatch(/new request/);
    expect(body).toContain(`please call the office at ${club.officePhone.display}`);
  });
});
