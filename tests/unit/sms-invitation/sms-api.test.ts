import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkSmsCode, requestSmsCode } from "#app/features/sms-invitation/sms-api.ts";
import { dismissToast, currentToasts } from "#app/ui/toast/toast-store.ts";

/** Which toast the browser shows for each answer of the SMS endpoints, verbatim (docs/product-rules.md#sms-invitation). */
function answerWith(response: Response | Error) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
}

const shownToasts = () => currentToasts().map(({ title, description, variant }) => ({ title, description, variant }));

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout"] }));
afterEach(() => {
  for (const toast of currentToasts()) dismissToast(toast.id);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("requestSmsCode", () => {
  it("is sent for {success: true} and shows no error", async () => {
    answerWith(Response.json({ success: true }));
    expect(await requestSmsCode("5035550142")).toEqual({ sent: true });
    expect(shownToasts()).toEqual([]);
  });

  it("gives the server's words for under the field, and no toast, for a number the site never accepts", async () => {
    answerWith(
      Response.json(
        { success: false, error: "Please enter a valid 10-digit US phone number.", fieldErrors: { phoneNumber: "US mobile numbers only" } },
        { status: 400 },
      ),
    );
    expect(await requestSmsCode("4165550123")).toEqual({ sent: false, phoneError: "US mobile numbers only" });
    expect(shownToasts()).toEqual([]);
  });

  it.each([
    ["success false", Response.json({ success: false, error: "x" }, { status: 502 })],
    ["a 400 that names no field", Response.json({ success: false, error: "x" }, { status: 400 })],
    ["a field error on another status", Response.json({ success: false, fieldErrors: { phoneNumber: "x" } }, { status: 502 })],
    ["a 429", Response.json({ success: false, error: "Too many requests." }, { status: 429 })],
    ["a 500 without JSON", new Response("oops", { status: 500 })],
    ["a network failure", new TypeError("Failed to fetch")],
  ])("shows 'Error Sending SMS' for %s", async (_case, answer) => {
    answerWith(answer);
    expect(await requestSmsCode("5035550142")).toEqual({ sent: false });
    expect(shownToasts()).toEqual([
      { title: "Error Sending SMS", description: "Please try again later or contact support.", variant: "destructive" },
    ]);
  });
});

describe("checkSmsCode", () => {
  it("is true for {success: true}", async () => {
    answerWith(Response.json({ success: true, message: "Welcome to the Inner Circle!" }));
    expect(await checkSmsCode("5035550142", "123456")).toBe(true);
  });

  it("shows 'Invalid Code' with the server's message, or the fallback", async () => {
    answerWith(Response.json({ success: false, message: "Too many attempts." }, { status: 429 }));
    expect(await checkSmsCode("5035550142", "123456")).toBe(false);
    answerWith(Response.json({ success: false, message: "" }, { status: 400 }));
    expect(await checkSmsCode("5035550142", "123456")).toBe(false);
    expect(shownToasts()).toEqual([
      { title: "Invalid Code", description: "Too many attempts.", variant: "destructive" },
      { title: "Invalid Code", description: "That's not the right code. Check your messages.", variant: "destructive" },
    ]);
  });

  it.each([
    ["a 502", Response.json({ success: false, message: "Verification is unavailable right now." }, { status: 502 })],
    ["a body that is not JSON", new Response("<html>", { status: 200 })],
    ["a network failure", new TypeError("Failed to fetch")],
  ])("shows 'Verification Error' for %s", async (_case, answer) => {
    answerWith(answer);
    expect(await checkSmsCode("5035550142", "123456")).toBe(false);
    expect(shownToasts()).toEqual([
      { title: "Verification Error", description: "Please try again later or contact support.", variant: "destructive" },
    ]);
  });
});
