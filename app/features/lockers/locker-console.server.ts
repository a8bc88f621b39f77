/** The Worker's lockers console for /concierge/lockers (decision 006). */
export {
  assignLockerByHand,
  listFreeLockers,
  listOpenLockerRequests,
  lockerOccupancy,
  lockerWaitlists,
  markLockerRequestDone,
  searchLockerCandidates,
  type AssignOutcome,
} from "#worker/features/lockers/locker-console.ts";
