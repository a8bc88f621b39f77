import { describe, expect, it } from "vitest";
import { contactMessageSchema, markAnsweredForm } from "#app/features/contact/contact-message.ts";

/** The contact form's one schema (docs/product-rules.md#contact): what it accepts and its messages. */
const valid = { name: "Avery Hale", email: "avery@example.com", message: "Do you host private birthday dinners?" };
const firstError = (fields: Record<string, string>) => contactMessageSchema.safeParse(fields).error?.issues[0]?.message;

describe("the contact form's schema", () => {
  it("accepts a message as typed, trimmed, keeping its line breaks", () => {
    expect(contactMessageSchema.parse({ ...valid, name: "  Siobhán O'Neill ", message: "First line.\nSecond line." })).toEqual({
      ...valid,
      name: "Siobhán O'Neill",
      message: "First line.\nSecond line.",
    });
  });

  it.each([
    [{ name: "A" }, "Name must be at least 2 characters"],
    [{ name: "Avery\r\nBcc: x@example.com" }, "Invalid characters in name"],
    [{ email: "avery" }, "Please enter a valid email address"],
    [{ message: "Too short" }, "Message must be at least 10 characters"],
    [{ message: "x".repeat(2001) }, "Message too long"],
    [{ message: "<script>alert(1)</script> hello there" }, "Invalid characters in message"],
  ])("refuses %o: %s", (change, message) => {
    expect(firstError({ ...valid, ...change })).toBe(message);
  });

  it("never takes a member id or an answer from the form", () => {
    expect(contactMessageSchema.parse({ ...valid, memberId: "someone", answeredBy: "me" })).toEqual(valid);
    expect(markAnsweredForm.parse({ messageId: "m1", conciergeId: "someone" })).toEqual({ messageId: "m1" });
  });
});
