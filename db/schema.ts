// The one gatherer of the database schema: each feature's tables live in db/schema/<feature>.ts
// (docs/decisions/006-feature-layout.md), and Drizzle, drizzle.config.ts and every `#db/schema.ts`
// import read them all from here. `npm run db:generate` writes migrations/ from it, and only
// `wrangler d1 migrations apply` applies them.
export * from "./schema/age-gate.ts";
export * from "./schema/executive-invitation.ts";
export * from "./schema/sms-invitation.ts";
export * from "./schema/members.ts";
export * from "./schema/member-area.ts";
export * from "./schema/operations.ts";
export * from "./schema/sign-in.ts";
export * from "./schema/admissions.ts";
export * from "./schema/dues.ts";
export * from "./schema/lockers.ts";
export * from "./schema/guests.ts";
export * from "./schema/calendar.ts";
export * from "./schema/contact.ts";
export * from "./schema/card.ts";
export * from "./schema/door.ts";
export * from "./schema/concierge.ts";
