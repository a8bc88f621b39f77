import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SmsInvitationBlock } from "#app/features/sms-invitation/sms-invitation-block.tsx";
import { smsNotices, type SmsBlockAnswer } from "#app/features/sms-invitation/sms-messages.ts";

/**
 * The block as the server renders it, which is all a visitor without JavaScript gets: forms that
 * POST to /sms-invitation (a GET would put the number in the address), buttons not marked
 * unavailable (the server checks), and the page's answer written in the block.
 */
function render(answer?: SmsBlockAnswer): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(SmsInvitationBlock, { verifiedByServer: false, answer }) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }))
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");
}

const forms = (html: string) => html.match(/<form[^>]*>/g) ?? [];
/** A form tag posting to the page's action, whatever the order React writes its attributes in. */
const postsToPage = (form: string) => form.includes('method="post"') && form.includes('action="/sms-invitation"');

describe("the SMS block in the server's HTML", () => {
  it("posts the number to /sms-invitation, with a working 'Send Code'", () => {
    const html = render();
    expect(forms(html)).toHaveLength(1);
    expect(forms(html).every(postsToPage)).toBe(true);
    expect(html).toContain('name="phoneNumber"');
    expect(html).toContain('<input type="hidden" name="intent" value="send"/>');
    expect(html).not.toContain('aria-disabled="true"');
  });

  it("opens on the code step the page answered, with its words, the number in hidden fields only", () => {
    const html = render({ step: "code", phone: "(503) 555-0142", notice: smsNotices.sent });
    expect(forms(html)).toHaveLength(2);
    expect(forms(html).every(postsToPage)).toBe(true);
    expect(html).toContain("SMS Sent Successfully!");
    expect(html).toContain("Your verification code may take 1-2 minutes to arrive.");
    expect(html).toContain("We sent a code to <span");
    expect(html.match(/<input type="hidden" name="phoneNumber" value="5035550142"\/>/g)).toHaveLength(2);
    expect(html).toContain('value="verify"');
    expect(html).toContain('value="change"');
    expect(html).not.toContain('aria-disabled="true"');
  });

  it("says 'US mobile numbers only' under the number's field, marking it invalid", () => {
    const html = render({ step: "phone", phone: "(416) 555-0123", phoneError: "US mobile numbers only" });
    expect(html).toMatch(/<p id="sms-phone-error"[^>]*>US mobile numbers only<\/p>/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="sms-phone-hint sms-phone-error"/);
    expect(html).toContain('value="(416) 555-0123"');
    expect(html).not.toContain("Error Sending SMS");
  });

  it("shows 'Access Granted' with its three links after the welcome", () => {
    const html = render({ step: "granted", phone: "(503) 555-0142", notice: smsNotices.welcome });
    expect(html).toContain("Welcome to the Inner Circle!");
    expect(html).toContain("Access Granted");
    expect(html.match(/href="[^"]+"/g)).toEqual(['href="/executive-access"', 'href="/memberships"', 'href="/bosses-only"']);
  });
});
