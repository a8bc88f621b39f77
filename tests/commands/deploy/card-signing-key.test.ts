import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { importClubPrivateKey, importClubPublicKey } from "#app/features/card/member-credential.ts";

/** `npm run card:signing-key` (docs/deploy.md#5-secrets): what it prints is a key the Worker accepts and can sign with. */
const run = promisify(execFile);

describe("npm run card:signing-key", () => {
  it("prints a fresh P-256 private JWK on one line that signs what its public half verifies", async () => {
    const printed = await Promise.all(
      [1, 2].map(
        async () => (await run(process.execPath, ["scripts/command.mjs", "scripts/card-signing-key.ts"], { encoding: "utf8" })).stdout,
      ),
    );
    const [first, second] = printed.map((stdout) => JSON.parse(stdout.trim()) as JsonWebKey);
    expect(first).toMatchObject({ kty: "EC", crv: "P-256" });
    expect(Object.keys(first!).sort()).toEqual(["crv", "d", "kty", "x", "y"]);
    expect(second!.d).not.toBe(first!.d);
    const message = new TextEncoder().encode("Ember & Oak");
    const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, await importClubPrivateKey(first!), message);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, await importClubPublicKey(first!), signature, message)).toBe(
      true,
    );
  }, 60_000);
});
