import { latestOutboxMessage } from "../support/local-d1.ts";

/** A Portland mobile number for one test: its digits, as the field shows it, and as the provider gets it. */
export interface TestNumber {
  digits: string;
  shown: string;
  e164: string;
}

/** A distinct Portland number per test, so per-number limits never join two tests. */
let nextNumber = Math.floor(Math.random() * 50) * 2;
export function testNumber(): TestNumber {
  const line = String(100 + (nextNumber++ % 100)).padStart(4, "0");
  const exchange = String(222 + Math.floor(Math.random() * 77)); // 222–298: never an N11 code
  return { digits: `503${exchange}${line}`, shown: `(503) ${exchange}-${line}`, e164: `+1503${exchange}${line}` };
}

/** The code the labelled local SMS stand-in left in the outbox for `number`, as a phone would show it. */
export async function codeFor(number: TestNumber): Promise<string> {
  const message = await latestOutboxMessage(number.e164);
  return message.body.match(/\b\d{6}\b/)![0];
}
