import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { describe, expect, it } from "vitest";
import { formFields, type ActionResult } from "#app/lib/form-result.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { z } from "#app/lib/zod.ts";

const schema = z.object({ name: z.string().trim().min(2, "Enter a name.") });

function post(body: BodyInit, contentType?: string): Request {
  return new Request("http://localhost/form", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });
}

describe("readSubmission", () => {
  it("answers the parsed data and the submitted fields", async () => {
    const submission = await readSubmission(post(new URLSearchParams({ name: "  Ada " })), schema);
    expect(submission).toEqual({ ok: true, data: { name: "Ada" }, fields: { name: "  Ada " } });
  });

  it("answers an invalid form with a 400 carrying the first message of each field, for the form named", async () => {
    const submission = await readSubmission(post(new URLSearchParams({ name: "A", id: "7" })), schema, {
      form: (fields) => `item:${fields.id}`,
    });
    expect(submission.ok).toBe(false);
    const invalid = (submission as { invalid: DataWithResponseInit<ActionResult> }).invalid;
    expect(invalid.init?.status).toBe(400);
    expect(invalid.data).toEqual({ form: "item:7", ok: false, fieldErrors: { name: "Enter a name." } });
  });

  it("refuses a body that is not a form with a 415", async () => {
    const thrown = await readSubmission(post('{"name":"Ada"}', "application/json"), schema).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(415);
  });
});

describe("formFields", () => {
  it("keeps text fields and leaves out files", () => {
    const data = new FormData();
    data.append("itemId", "house-lighter");
    data.append("upload", new Blob(["x"]), "x.txt");
    expect(formFields(data)).toEqual({ itemId: "house-lighter" });
  });
});
