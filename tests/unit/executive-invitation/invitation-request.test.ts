import { describe, expect, it } from "vitest";
import { invitationRequestSchema } from "#app/features/executive-invitation/invitation-request.ts";
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
    [{ name: "Avery>" }, "name", "Invalid characters in name"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "email", "Email too long"],
    [{ company: "H" }, "company", "Company name is required"],
    [{ company: "H".repeat(201) }, "company", "Company name too long"],
    [{ company: "Hale <Timber>" }, "company", "Invalid characters in company name"],
    [{ name: "Avery\r\nBcc: everyone@example.com" }, "name", "Invalid characters in name"],
    [{ company: "Hale\nTimber" }, "company", "Invalid characters in company name"],
    [{ invitedBy: "J" }, "invitedBy", "Please tell us who invited you"],
    [{ invitedBy: "J".repeat(101) }, "invitedBy", "Name too long"],
    [{ invitedBy: "Jordan <friends>" }, "invitedBy", "Invalid characters in inviter name"],
    [{ message: "Too short" }, "message", "Message must be at least 10 characters"],
    [{ message: "m".repeat(2001) }, "message", "Message too long"],
    [{ message: "Hello <script>alert(1)</script>" }, "message", "Invalid characters in message"],
  ] as const)("%j gives %s the message '%s'", (change, field, message) => {
    expect(errorsFor(change)).toEqual({ [field]: message });
  });

  it.each([
    ["NUL", "\u0000"],
    ["a C1 control", "\u0085"],
    ["tab", "\t"],
    ["the line separator U+2028", "\u2028"],
    ["the paragraph separator U+2029", "\u2029"],
    ["the right-to-left override U+202E", "\u202E"],
    ["the right-to-left isolate U+2067", "\u2067"],
    ["the right-to-left mark U+200F", "\u200F"],
    ["a lone surrogate", "\uD800"],
  ])("refuses %s in every text field with the field's 'Invalid characters' message", (_name, character) => {
    expect(
      errorsFor({
        name: `Avery${character}Hale`,
        company: `Hale${character}Timber`,
        invitedBy: `Jordan${character}Reyes`,
        message: `Jordan suggested${character} I ask for a sit-down.`,
      }),
    ).toEqual({
      name: "Invalid characters in name",
      company: "Invalid characters in company name",
      invitedBy: "Invalid characters in inviter name",
      message: "Invalid characters in message",
    });
  });

  it("refuses names made only of combining marks, or starting with one", () => {
    expect(errorsFor({ name: "\u0301\u0301\u0301", company: "\u0300\u0300", invitedBy: "\u0301 \u0301" })).toEqual({
      name: "Invalid characters in name",
      company: "Invalid characters in company name",
      invitedBy: "Invalid characters in inviter name",
    });
    expect(errorsFor({ name: "\u0301Avery" })).toEqual({ name: "Invalid characters in name" });
  });

  it("keeps ordinary line breaks in the message, and letters with combining marks in names", () => {
    expect(errorsFor({ message: "Line one\r\nLine two\nLine three", name: "Siobhán Zoe\u0308" })).toEqual({});
  });

  it("accepts apostrophes, quotes and ampersands, and never alters an accepted value beyond trimming", () => {
    const typed = {
      name: "  Siobhán O'Brien ",
      email: " o'brien@example.com ",
      company: '"Smith & Sons"',
      invitedBy: "Jordan O’Neill-Reyes",
      message: "I'd like to join: Thursdays & Fridays suit me.\nThank you!",
    };
    expect(invitationRequestSchema.parse(typed)).toEqual({
      name: "Siobhán O'Brien",
      email: "o'brien@example.com",
      company: '"Smith & Sons"',
      invitedBy: "Jordan O’Neill-Reyes",
      message: "I'd like to join: Thursdays & Fridays suit me.\nThank you!",
    });
  });

  it("accepts a full 2000-character message of emoji: lengths count characters", () => {
    // Each 🚬 is two UTF-16 units; zod counts it as one character, so the schema accepts 2000.
    const message = "🚬".repeat(1999) + "!";
    expect(invitationRequestSchema.parse({ ...valid, message }).message).toBe(message);
    expect(invitationRequestSchema.safeParse({ ...valid, message: "🚬".repeat(2001) }).success).toBe(false);
  });
});
