import { runOperatorScript, readOptions } from "./members-cli.ts";

const usage = `Prints a fresh member-card signing key: an ECDSA P-256 private key as a JWK on one line
(docs/decisions/010-member-card-credential.md). Paste it when wrangler asks for the secret:

  npm run card:signing-key                 prints a fresh key
  npm run card:signing-key -- --help       prints this
  npx wrangler secret put CARD_SIGNING_KEY --env staging

Nothing is stored: run it once per environment. Replacing the key makes every card ask for a new
certificate the next time it is opened online, and doors refuse old ones once they sync.`;

await runOperatorScript(async () => {
  readOptions({ usage, options: {} });
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const { kty, crv, x, y, d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  console.log(JSON.stringify({ kty, crv, x, y, d }));
});
