import { describe, expect, it } from "vitest";
import { invitationRequestSchema, sanitizeInvitationRequest } from "#app/features/executive-invitation/invitation-request.ts";
import { fieldErrors } from "#app/lib/form-result.ts";

const valid = {
  name: "Avery Hale",
  email: "avery@example.com",
  company: "Hale Timber Co",
  invitedBy: "Jordan Reyes",
  message: "Jordan suggested I ask for a sit-down this winter.",
};

function errorsFor(change: Partial<typeof valid>) {
  const result = invitationRequestSchema.safeParse({ ...valid, ...change });
  return result.success ? {} : fieldErrors(result.error);
}

describe("invitation request validation", () => {
  it("accepts a complete, ordinary request", () => {
    expect(invitationRequestSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ name: "A" }, "name", "Name must be at least 2 characters"],
    [{ name: "A".repeat(101) }, "name", "Name too long"],
    [{ name: "Avery <b>" }, "name", "Invalid characters in name"],
    [{ name: "O'Hale" }, "name", "Invalid characters in name"],
    [{ name: "Avery & Co" }, "name", "Invalid characters in name"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "email", "Email too long"],
    [{ company: "H" }, "company", "Company name is required"],
    [{ company: "H".repeat(201) }, "company", "Company name too long"],
    [{ company: 'Hale "Timber"' }, "company", "Invalid characters in company name"],
    [{ name: "Avery\r\nBcc: everyone@example.com" }, "name", "Invalid characters in name"],
    [{ company: "Hale\nTimber" }, "company", "Invalid characters in company name"],
    [{ invitedBy: "J" }, "invitedBy", "Please tell us who invited you"],
    [{ invitedBy: "J".repeat(101) }, "invitedBy", "Name too long"],
    [{ invitedBy: "Jordan & friends" }, "invitedBy", "Invalid characters in inviter name"],
    [{ message: "Too short" }, "message", "Message must be at least 10 characters"],
    [{ message: "m".repeat(2001) }, "message", "Message too long"],
    [{ message: "Hello <script>alert(1)</script>" }, "message", "Invalid characters in message"],
  ] as const)("%j gives %s the message '%s'", (change, field, message) => {
    expect(errorsFor(change)).toEqual({ [field]: message });
  });

  it("keeps a full 2000-character message whole when sanitising", () => {
    const message = "m".repeat(2000);
    expect(sanitizeInvitationRequest({ ...valid, message }).message).toHaveLength(2000);
  });

  it("keeps a 2000-character message of emoji whole too: the schema and the cut count characters alike", () => {
    // Each 🚬 is two UTF-16 units; zod counts it as one character, so the schema accepts 2000.
    const message = "🚬".repeat(1999) + "!";
    expect(invitationRequestSchema.safeParse({ ...valid, message }).success).toBe(true);
    expect(sanitizeInvitationRequest({ ...valid, message }).message).toBe(message);
    expect(invitationRequestSchema.safeParse({ ...valid, message: "🚬".repeat(2001) }).success).toBe(false);
  });

  it("trims values and strips < > \" ' before sending", () => {
    expect(sanitizeInvitationRequest({ ...valid, name: "  Avery  ", message: 'I\'d like a "seat" <soon>' })).toMatchObject({
      name: "Avery",
      message: "Id like a seat soon",
    });
  });
});
