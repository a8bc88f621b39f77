import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToasts, dismissToast, showToast, TOAST_DURATION_MS } from "#app/ui/toast/toast-store.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const toast of currentToasts()) dismissToast(toast.id);
  vi.useRealTimers();
});

describe("toasts", () => {
  it("shows at most three at once, dropping the oldest", () => {
    for (const title of ["one", "two", "three", "four"]) showToast({ title, description: "d" });
    expect(currentToasts().map((toast) => toast.title)).toEqual(["two", "three", "four"]);
  });

  it("disappear after about four and a half seconds", () => {
    showToast({ title: "Message Transmitted", description: "d" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });

  it("can be dismissed early", () => {
    const id = showToast({ title: "Error", description: "d", variant: "destructive" });
    expect(currentToasts()[0]?.variant).toBe("destructive");
    dismissToast(id);
    expect(currentToasts()).toEqual([]);
  });
});
