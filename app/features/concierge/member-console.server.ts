/** The Worker's Members section for /concierge/members (decision 006). */
export {
  listMembers,
  loadMemberRecord,
  MEMBER_PAGE_SIZE,
  type MemberListRow,
  type MemberRecord,
} from "#worker/features/concierge/member-records.ts";
export {
  addMemberNote,
  changeMemberStatus,
  changeStaffRole,
  changeTierForMember,
  deleteMemberPhoto,
  replaceMemberPhoto,
  resendSetupLink,
} from "#worker/features/concierge/member-actions.ts";
export { memberPhotoResponse } from "#worker/features/card/member-photos.ts";
