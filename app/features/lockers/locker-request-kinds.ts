/**
 * What a member may ask of staff about their locker, in the words both the member's page and the
 * console show (docs/product-rules.md#lockers). Plain data without zod: the pages' client bundles
 * read it, and zod stays on the server (locker-forms.ts validates against these keys).
 */
export const lockerRequestKinds = {
  pull: "Pull cigars for my visit",
  restock: "Restock my locker",
  humidity: "Humidity concern",
} as const;

export type LockerRequestKind = keyof typeof lockerRequestKinds;
