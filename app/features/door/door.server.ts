/** The Worker's door services for /door and its data (decision 006). */
export { doorStatusList, signedDoorStatusList } from "#worker/features/door/door-status-list.ts";
export { clubCardPublicJwk } from "#worker/features/card/club-card-key.ts";
export { doorEvening, syncDoorCheckIns } from "#worker/features/door/door-check-ins.ts";
export { doorSyncInput } from "#worker/features/door/door-check-in-input.ts";
export { memberPhotoResponse } from "#worker/features/card/member-photos.ts";
export { requireDoorStaff } from "#app/features/sign-in/require-member.server.ts";
