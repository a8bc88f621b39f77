import { workerConfig } from "#worker/config.ts";
import { importClubPrivateKey } from "#app/features/card/member-credential.ts";

/**
 * The club's card-signing key (docs/decisions/010-member-card-credential.md): an ECDSA P-256
 * private key as a JWK in the CARD_SIGNING_KEY secret. Without the secret, locally, this labelled
 * development key stands in; it is public (it is in the repository), so worker/config.ts refuses to
 * serve production without the secret, and the preflight lists the secret as required.
 */
const LOCAL_DEVELOPMENT_CARD_KEY: JsonWebKey = {
  kty: "EC",
  crv: "P-256",
  x: "NxDSrRvKaWFvmynLiJi1h6vETKEDx9ZvbQsAN-YqoEY",
  y: "Dxi7Ruy37huqJIV0eOhhDSA-spwu8KK3dA0WRbB7Lxs",
  d: "CC2zkCcZuKep2_rHAaInZaooeF2SoUN6MIvBQJLtWz4",
};

/** The private JWK in use: the secret's, or the local development key. */
export function clubCardJwk(env: Env): JsonWebKey {
  return workerConfig(env).CARD_SIGNING_KEY ?? LOCAL_DEVELOPMENT_CARD_KEY;
}

/** The public half the door caches: never `d`. */
export function clubCardPublicJwk(env: Env): JsonWebKey {
  const { kty, crv, x, y } = clubCardJwk(env);
  return { kty, crv, x, y };
}

const imported = new WeakMap<object, Promise<CryptoKey>>();

/** The imported private key, once per isolate and configuration. */
export function clubCardPrivateKey(env: Env): Promise<CryptoKey> {
  const jwk = clubCardJwk(env);
  let key = imported.get(jwk);
  if (!key) {
    key = importClubPrivateKey(jwk);
    imported.set(jwk, key);
  }
  return key;
}
