import { hashPassword } from "#worker/features/sign-in/password.ts";
import { openMemberDatabase } from "#scripts/members-d1.ts";
import { currentLockerQuarter, seedDemoMembers, upsertActiveMembers } from "#scripts/members-seeding.ts";
import { E2E_PERSIST_DIR, POOL_PASSWORD, poolMembers } from "./member-pool.ts";

// `npm run serve:e2e`: the local demo accounts (as `npm start` seeds them) and the suite's member
// pool go into the fresh local D1 before the server starts, through the same functions as the
// members commands. One password hash serves the whole pool.
const { db, dispose } = await openMemberDatabase({ remote: false, persistTo: E2E_PERSIST_DIR });
try {
  await seedDemoMembers(db);
  const passwordHash = await hashPassword(POOL_PASSWORD);
  const lockerQuarter = currentLockerQuarter();
  const pool = poolMembers().map(({ points, ...member }) => ({
    ...member,
    passwordHash,
    pointsBalance: points,
    lockerQuarter: member.lockerNumber ? lockerQuarter : null,
  }));
  await upsertActiveMembers(db, pool);
  console.log(`e2e members: the two demo accounts and a pool of ${pool.length}`);
} finally {
  await dispose();
}
