import { findMemberByEmail, setMemberStatus } from "#worker/features/members/members.ts";
import { openMemberDatabase } from "#scripts/members-d1.ts";
import { seedDemoMembers, upsertActiveMembers } from "#scripts/members-seeding.ts";
import { E2E_PERSIST_DIR, poolMembers } from "./member-pool.ts";
import { seedEventNight } from "./event-night.ts";
import { seedMemberCalendar } from "./calendar-seed.ts";

// `npm run serve:e2e`: the local demo accounts (as `npm start` seeds them) and the suite's member
// pool go into the fresh local D1 before the server starts, through the same functions as the
// members commands. Nobody has a password: every member signs in with an emailed code.
const { db, dispose } = await openMemberDatabase({ remote: false, persistTo: E2E_PERSIST_DIR });
try {
  await seedDemoMembers(db);
  const pool = poolMembers().map(({ points, suspended: _suspended, ...member }) => ({ ...member, pointsBalance: points }));
  await upsertActiveMembers(db, pool);
  // The paused-membership answer needs suspended members; they are seeded active like the rest first.
  for (const member of poolMembers().filter((candidate) => candidate.suspended)) {
    const row = await findMemberByEmail(db, member.email);
    if (row) await setMemberStatus(db, row.id, "suspended");
  }
  await seedEventNight(db);
  await seedMemberCalendar(db);
  console.log(`e2e members: the two demo accounts and a pool of ${pool.length}`);
} finally {
  await dispose();
}
