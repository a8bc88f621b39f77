import { del, get, promisifyRequest, set, type UseStore } from "idb-keyval";
import { renderSVG } from "uqr";
import { decodeBase64Url, encodeBase64Url, exportDevicePublicKey, generateDeviceKey, makeCardCode } from "./member-credential.ts";
import { CARD_DATABASE, CARD_STORE } from "./card-storage.ts";

/**
 * The card page's script, loaded on demand by card-code.tsx (docs/decisions/010-member-card-credential.md):
 * the device key and the certificate live in IndexedDB on this device; the key was made
 * non-extractable, so the browser signs with it but never hands it out. Online, the card is
 * certified the first time and renewed on every opening; offline, it works from what is stored.
 */

export interface StoredCard {
  cardId: string;
  /** The non-extractable key pair (IndexedDB keeps CryptoKeys as they are). */
  keys: CryptoKeyPair;
  publicKey: string;
  certificate: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  member: { name: string; tier: string; hasPhoto: boolean };
  /** The phone's clock minus the server's, in ms, when last online. */
  clockOffsetMs: number;
}

export type CardState =
  | { kind: "ready"; card: StoredCard; online: boolean }
  | { kind: "refused"; message: string; canSetUpAgain: boolean }
  | { kind: "failed"; message: string };

interface IssuedCard {
  cardId: string;
  certificate: string;
  expiresAt: number;
  member: StoredCard["member"];
  serverTime: number;
}

/**
 * idb-keyval's store, opened once, with the one addition its own createStore lacks: the
 * connection closes when another page deletes the database (signing out: forget-card.ts), which
 * otherwise waits for this page, kept in the back-forward cache, to go.
 */
let opened: UseStore | undefined;
function store(): UseStore {
  if (opened) return opened;
  const request = indexedDB.open(CARD_DATABASE);
  request.onupgradeneeded = () => request.result.createObjectStore(CARD_STORE);
  const database = promisifyRequest(request).then((connection) => {
    connection.onversionchange = () => connection.close();
    return connection;
  });
  opened = (mode, callback) => database.then((connection) => callback(connection.transaction(CARD_STORE, mode).objectStore(CARD_STORE)));
  return opened;
}
const CARD_KEY = "card";

async function post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> } | null> {
  const sentAt = Date.now();
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, json: { ...json, sentAt } };
  } catch {
    // Offline, or the club cannot be reached: the stored card is used.
    return null;
  }
}

/** The phone's clock against the server's, taking the middle of the request as the server's moment. */
function clockOffset(issued: IssuedCard, sentAt: number): number {
  const now = Date.now();
  return Math.round((sentAt + now) / 2 - issued.serverTime);
}

async function certifyThisDevice(): Promise<CardState> {
  const keys = await generateDeviceKey();
  const publicKey = encodeBase64Url(await exportDevicePublicKey(keys.publicKey));
  const answer = await post("/api/card/certify", { publicKey });
  if (!answer) return { kind: "failed", message: "Your card is set up the first time you open it online. Connect and reload the page." };
  if (answer.status !== 200) return refusal(answer.status, answer.json);
  const issued = answer.json as unknown as IssuedCard;
  const card: StoredCard = {
    cardId: issued.cardId,
    keys,
    publicKey,
    certificate: issued.certificate,
    expiresAt: issued.expiresAt,
    member: issued.member,
    clockOffsetMs: clockOffset(issued, answer.json.sentAt as number),
  };
  await set(CARD_KEY, card, store());
  return { kind: "ready", card, online: true };
}

function refusal(status: number, json: Record<string, unknown>): CardState {
  const message = typeof json.error === "string" ? json.error : "Your card could not be set up. Reload the page to try again.";
  if (status === 401) return { kind: "refused", message: "Sign in again to use your member card.", canSetUpAgain: false };
  return { kind: "refused", message, canSetUpAgain: json.reason === "revoked" || json.reason === "unknown-card" };
}

/** Opens the card: renews the stored one online, certifies this device the first time, or works offline. */
export async function openCard(): Promise<CardState> {
  const stored = await get<StoredCard>(CARD_KEY, store());
  if (!stored) return certifyThisDevice();
  const answer = await post("/api/card/renew", { cardId: stored.cardId, publicKey: stored.publicKey });
  // Unreachable, busy (429) or failing (5xx): no answer about the card, so the stored one is shown.
  if (!answer || answer.status === 429 || answer.status >= 500) {
    if (stored.expiresAt * 1000 <= Date.now())
      return { kind: "failed", message: "Your card needs renewing: open it once while online (it renews itself each time)." };
    return { kind: "ready", card: stored, online: false };
  }
  if (answer.status === 401) {
    // Signed out (or the membership was paused): this device no longer holds a card.
    await forgetStoredCard();
    return refusal(401, answer.json);
  }
  if (answer.status !== 200) return refusal(answer.status, answer.json);
  const issued = answer.json as unknown as IssuedCard;
  const card: StoredCard = {
    ...stored,
    certificate: issued.certificate,
    expiresAt: issued.expiresAt,
    member: issued.member,
    clockOffsetMs: clockOffset(issued, answer.json.sentAt as number),
  };
  await set(CARD_KEY, card, store());
  return { kind: "ready", card, online: true };
}

/** A revoked card's key is of no further use: a new one is made and certified. */
export async function setUpAgain(): Promise<CardState> {
  await del(CARD_KEY, store());
  return certifyThisDevice();
}

export async function forgetStoredCard(): Promise<void> {
  await del(CARD_KEY, store());
}

/** The code for this moment (the phone's clock: the door compares it with its own). */
export function cardCode(card: StoredCard, nowMs: number = Date.now()): Promise<string> {
  return makeCardCode(card.keys.privateKey, decodeBase64Url(card.certificate)!, Math.floor(nowMs / 1000));
}

/** The QR code as SVG markup: ECC level M, a four-module quiet zone, dark on white for any scanner. */
export function qrSvg(code: string): string {
  return renderSVG(code, { ecc: "M", border: 4, blackColor: "#000", whiteColor: "#fff" });
}
