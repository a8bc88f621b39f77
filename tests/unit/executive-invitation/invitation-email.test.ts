import { describe, expect, it } from "vitest";
import { invitationEmail } from "#worker/features/executive-invitation/invitation-email.ts";

describe("the concierge's invitation email", () => {
  it("escapes every piece of user text, even text the form would never let through", () => {
    const email = invitationEmail({
      id: "req_1",
      proof: { checkedBy: "captcha", recaptchaScore: 0.9 },
      name: "<img src=x onerror=alert(1)>",
      email: "a@example.com",
      company: "Tom & Jerry's",
      invitedBy: '"Quoted"',
      message: "line one\n<script>alert(1)</script>",
    });
    expect(email.body).not.toContain("<img");
    expect(email.body).not.toContain("<script>");
    expect(email.body).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(email.body).toContain("Tom &amp; Jerry&#39;s");
    expect(email.body).toContain("&quot;Quoted&quot;");
    expect(email.body).toContain("line one<br>&lt;script&gt;");
  });

  it("names the requester and company in a one-line subject", () => {
    const email = invitationEmail({
      id: "r",
      proof: { checkedBy: "captcha", recaptchaScore: 0.7 },
      name: "Avery Hale",
      email: "a@b.co",
      company: "Hale Co",
      invitedBy: "Jo",
      message: "m".repeat(10),
    });
    expect(email.subject).toBe("Executive invitation request: Avery Hale, Hale Co");
  });

  it("names the verified mobile of the shorter request instead of a score, and leaves out its empty company and connection", () => {
    const email = invitationEmail({
      id: "r",
      proof: { checkedBy: "sms", optInId: 7, phoneNumber: "5035550100" },
      name: "Avery Hale",
      email: "a@b.co",
      company: "",
      invitedBy: "",
      message: "",
    });
    expect(email.subject).toBe("Executive invitation request: Avery Hale");
    expect(email.body).toContain('<th align="left">Verified mobile</th><td>(503) 555-0100</td>');
    expect(email.body).not.toContain("Affiliation");
    expect(email.body).not.toContain("Your Connection");
    expect(email.body).not.toContain("reCAPTCHA score");
  });

  it("says a request sent without JavaScript had no captcha check", () => {
    const email = invitationEmail({
      id: "r",
      proof: { checkedBy: "none" },
      name: "Avery Hale",
      email: "a@b.co",
      company: "Hale Co",
      invitedBy: "Jo",
      message: "m".repeat(10),
    });
    expect(email.body).toContain("Sent without the captcha check (no JavaScript)");
    expect(email.body).not.toContain("reCAPTCHA score");
  });
});
