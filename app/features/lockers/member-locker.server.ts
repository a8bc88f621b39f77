/** The Worker's locker services for /members/locker and the /members card (decision 006). */
export {
  acceptLockerOffer,
  declineLockerOffer,
  offerLocker,
  type LockerOfferOutcome,
  type OfferAnswer,
} from "#worker/features/lockers/locker-offers.ts";
export { loadMemberLocker, sendLockerRequest, setNameplate } from "#worker/features/lockers/member-locker.ts";
