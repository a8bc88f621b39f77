// The Worker's guest services, for the pages' loaders and actions (decision 006).
export {
  cancelGuestVisit,
  expectedGuestsOn,
  guestLog,
  hostGuestStatus,
  registerGuest,
  type RegisterGuestResult,
} from "#worker/features/guests/guest-visits.ts";
export { deliverEmail } from "#worker/shared/send-email.ts";
