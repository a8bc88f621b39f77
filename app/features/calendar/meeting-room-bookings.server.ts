// The Worker's meeting-room services, for the pages' loaders and actions (decision 006).
export {
  bookMeetingRoom,
  cancelMeetingRoomByStaff,
  cancelMeetingRoomReservation,
  meetingRoomReservationsOn,
  memberMeetingRooms,
  type BookRoomResult,
  type RoomReservation,
} from "#worker/features/calendar/meeting-rooms.ts";
