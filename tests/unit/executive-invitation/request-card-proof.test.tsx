import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { InvitationRequestCard } from "#app/features/admissions/invitation-request-card.tsx";
import { pipelineCard } from "#app/features/admissions/pipeline-view.server.ts";
import type { InvitationRequestView } from "#worker/features/admissions/admissions.ts";

/** How the concierge's card says a person sent the request (docs/security.md#captcha). */
const request: InvitationRequestView = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "Avery Hale",
  email: "avery@example.com",
  company: "Hale Timber Co",
  invitedBy: "Jordan Reyes",
  message: "Jordan suggested I ask for a sit-down this winter.",
  recaptchaScore: 0.8,
  checkedBy: "captcha",
  verifiedPhone: null,
  status: "declined",
  stage: "declined",
  createdAt: "2026-11-21T18:00:00.000Z",
  decidedAt: "2026-11-22T18:00:00.000Z",
  decisionNote: null,
  decidedByName: "Elena Marsh",
  memberId: null,
  tier: null,
  sitDownInvitedAt: null,
  sitDownAt: null,
  sitDownLounge: null,
  waitlistedAt: null,
  offeredAt: null,
  offerExpiresAt: null,
  paidAt: null,
  sponsorMemberId: null,
  sponsorName: null,
  sponsorAnswer: null,
  sponsorAnsweredAt: null,
  history: [],
  joined: [],
};

function cardText(view: InvitationRequestView): string {
  const card = pipelineCard(view, null);
  const Stub = createRoutesStub([{ path: "/concierge", Component: () => <InvitationRequestCard request={card} outcome={undefined} /> }]);
  return renderToString(createElement(Stub, { initialEntries: ["/concierge"] }))
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the concierge's card: how the request was checked", () => {
  it("shows the reCAPTCHA score for a request checked by captcha", () => {
    expect(cardText(request)).toContain("reCAPTCHA score 0.80");
  });

  it("shows the verified mobile, and no score, company or connection, for the shorter request", () => {
    const text = cardText({ ...request, checkedBy: "sms", verifiedPhone: "5035550100", recaptchaScore: 0, company: "", invitedBy: "" });
    expect(text).toContain("Verified mobile (503) 555-0100");
    expect(text).not.toContain("reCAPTCHA score");
    expect(text).not.toContain("Company");
    expect(text).not.toContain("Introduced by");
  });

  it("says a request sent without JavaScript had no captcha check, and shows no score", () => {
    const text = cardText({ ...request, checkedBy: "none", recaptchaScore: 0 });
    expect(text).toContain("Sent without the captcha check (no JavaScript)");
    expect(text).not.toContain("reCAPTCHA score");
  });
});
