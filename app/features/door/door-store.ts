import { createStore, get, set, update } from "idb-keyval";
import type { DoorCheckIn, DoorEvening } from "./door-list.ts";
import type { SignedDoorList } from "./signed-list.ts";
import { DOOR_DATABASE, DOOR_STORE } from "./forget-door-list.ts";
import type { LoungeSlug } from "#app/features/site/tier-entitlements.ts";

/**
 * What the door device keeps in IndexedDB (docs/security.md#door): the last status list, tonight's
 * check-ins as last seen, and the queue of check-ins not yet synced. The lounge the device stands
 * at is a plain preference in localStorage.
 */
const store = () => createStore(DOOR_DATABASE, DOOR_STORE);

/** The list as signed: it is opened with the club's key each time it is read (signed-list.ts). */
export const readList = () => get<unknown>("list", store());
export const saveList = (list: SignedDoorList) => set("list", list, store());
export const readEvening = () => get<DoorEvening>("evening", store());
export const saveEvening = (evening: DoorEvening) => set("evening", evening, store());

export async function readQueue(): Promise<DoorCheckIn[]> {
  return (await get<DoorCheckIn[]>("queue", store())) ?? [];
}

/** Adds a check-in to the end of the queue (one IndexedDB transaction: never lost by a second tab). */
export const enqueue = (checkIn: DoorCheckIn) => update<DoorCheckIn[]>("queue", (queue = []) => [...queue, checkIn], store());

/** Takes the answered check-ins off the queue, whatever was queued meanwhile. */
export const dequeue = (ids: ReadonlySet<string>) =>
  update<DoorCheckIn[]>("queue", (queue = []) => queue.filter((checkIn) => !ids.has(checkIn.id)), store());

const LOUNGE_KEY = "door-lounge";

export function readLounge(): LoungeSlug | null {
  const lounge = globalThis.localStorage?.getItem(LOUNGE_KEY);
  return lounge === "kickback" || lounge === "business" || lounge === "platinum" ? lounge : null;
}

export function saveLounge(lounge: LoungeSlug): void {
  globalThis.localStorage?.setItem(LOUNGE_KEY, lounge);
}
