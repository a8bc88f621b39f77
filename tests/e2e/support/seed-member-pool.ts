import { seedMemberPool } from "./member-pool.mjs";

// `npm run serve:e2e`: the suite's members go into the fresh local D1 before the server starts.
console.log(`e2e member pool: ${seedMemberPool()} members`);
