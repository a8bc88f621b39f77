import type { DoorCheckIn, DoorEvening, DoorList, DoorSyncAnswer } from "./door-list.ts";
import { dequeue, readQueue, saveEvening, saveList } from "./door-store.ts";
import { openDoorList, type SignedDoorList } from "./signed-list.ts";

/**
 * The door's sync (docs/product-rules.md#door): the queue goes to /door/check-ins in its order, 25
 * at a time, and a check-in leaves the queue only once the Worker has answered for it, so each is
 * sent until it is stored, and stored once (the Worker ignores an id it has). One sync at a time
 * per page.
 */
const BATCH = 25;
let running: Promise<DoorSyncAnswer[]> | null = null;

export function syncQueue(): Promise<DoorSyncAnswer[]> {
  running ??= sendQueue().finally(() => {
    running = null;
  });
  return running;
}

async function sendQueue(): Promise<DoorSyncAnswer[]> {
  const answers: DoorSyncAnswer[] = [];
  for (;;) {
    const queue: DoorCheckIn[] = (await readQueue()).slice(0, BATCH);
    if (queue.length === 0) return answers;
    const response = await fetch("/door/check-ins", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ checkIns: queue }),
      credentials: "same-origin",
    });
    if (!response.ok) throw new Error(`check-ins not synced: ${response.status}`);
    const body = (await response.json()) as { answers: DoorSyncAnswer[] };
    answers.push(...body.answers);
    await dequeue(new Set(body.answers.map((answer) => answer.id)));
  }
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Fetches the status list and tonight's check-ins, and keeps both for offline use. A list whose
 * signature is not the club's is refused and not kept: the door goes on with the one it has.
 */
export async function refreshFromClub(clubKey: CryptoKey): Promise<{ list: DoorList; evening: DoorEvening }> {
  const [signed, evening] = await Promise.all([getJson<SignedDoorList>("/door/list"), getJson<DoorEvening>("/door/check-ins")]);
  const list = await openDoorList(clubKey, signed);
  if (!list) throw new Error("/door/list: not signed by the club");
  await Promise.all([saveList(signed), saveEvening(evening)]);
  return { list, evening };
}
