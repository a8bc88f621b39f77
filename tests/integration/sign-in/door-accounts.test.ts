import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import { requireMember } from "#app/features/sign-in/require-member.server.ts";
import { memberContext } from "#app/context.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";
import { actionExecutionContext, routerContext, SITE_ORIGIN } from "#tests/integration/fuzz/fuzz-bodies.ts";

/**
 * A door account is staff, not a member (docs/product-rules.md#door): every members-only page
 * answers it the site's 404, while a member with the same session kind gets the page.
 */
async function account(role: "member" | "door") {
  const row = {
    id: crypto.randomUUID(),
    email: `${role}-${crypto.randomUUID()}@example.com`,
    name: "Theo Barrett",
    tier: "business" as const,
    role,
    status: "active" as const,
  };
  await getDatabase(env.DB).insert(members).values(row);
  return row;
}

async function through(role: "member" | "door", path: string) {
  const { cookie } = await signedInAs(await account(role));
  const execution = actionExecutionContext();
  const context = routerContext(execution.ctx);
  let reached: string | undefined;
  const request = new Request(`${SITE_ORIGIN}${path}`, { headers: { Cookie: cookie } });
  try {
    const response = await requireMember({ request, context, params: {}, url: new URL(request.url), pattern: path } as never, async () => {
      reached = context.get(memberContext).role;
      return new Response("the page");
    });
    return { status: (response as Response).status, reached };
  } catch (thrown) {
    return { status: (thrown as { init?: { status?: number }; status?: number }).init?.status ?? (thrown as Response).status, reached };
  }
}

describe("members-only pages and door accounts", () => {
  it.each(["/members", "/members/card", "/members/guests", "/rewards"])(
    "%s: a door account gets the 404 and never reaches the page",
    async (path) => {
      expect(await through("door", path)).toEqual({ status: 404, reached: undefined });
    },
  );

  it("a member with the same kind of session reaches the page", async () => {
    expect(await through("member", "/members")).toEqual({ status: 200, reached: "member" });
  });
});
