import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { oncePerForm, type FormIntent } from "#worker/shared/form-intents.ts";

/** One table of form intents (docs/product-rules.md#a-form-is-one-intent), against the real D1. */
const intent = (overrides: Partial<FormIntent> = {}): FormIntent => ({
  key: crypto.randomUUID(),
  purpose: "test",
  target: "",
  actorId: "member-1",
  ...overrides,
});

describe("a form sent more than once", () => {
  it("does its work once when ten sendings of it race", async () => {
    const form = intent();
    let done = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        oncePerForm(
          env.DB,
          form,
          async () => ++done,
          () => false,
        ),
      ),
    );
    expect(done).toBe(1);
    expect(answers.filter((answer) => answer.sent === "now")).toHaveLength(1);
    expect(answers.filter((answer) => answer.sent === "before")).toHaveLength(9);
  });

  it("does its work again after a refusal that changed nothing, or a failure", async () => {
    const form = intent();
    expect(
      await oncePerForm(
        env.DB,
        form,
        async () => "refused",
        () => true,
      ),
    ).toEqual({ sent: "now", outcome: "refused" });
    await expect(
      oncePerForm(
        env.DB,
        form,
        () => Promise.reject(new Error("D1 fell over")),
        () => false,
      ),
    ).rejects.toThrow("D1 fell over");
    expect(
      await oncePerForm(
        env.DB,
        form,
        async () => "done",
        () => false,
      ),
    ).toEqual({ sent: "now", outcome: "done" });
    expect(
      await oncePerForm(
        env.DB,
        form,
        async () => "again",
        () => false,
      ),
    ).toEqual({ sent: "before" });
  });

  it("tells one page's forms apart by what they act on", async () => {
    const key = crypto.randomUUID();
    expect(
      await oncePerForm(
        env.DB,
        intent({ key, target: "event-1" }),
        async () => 1,
        () => false,
      ),
    ).toMatchObject({ sent: "now" });
    expect(
      await oncePerForm(
        env.DB,
        intent({ key, target: "event-2" }),
        async () => 2,
        () => false,
      ),
    ).toMatchObject({ sent: "now" });
    expect(
      await oncePerForm(
        env.DB,
        intent({ key, target: "event-1" }),
        async () => 3,
        () => false,
      ),
    ).toEqual({ sent: "before" });
  });
});
