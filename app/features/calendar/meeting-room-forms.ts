import { z } from "#app/lib/zod.ts";
import { formKeyField } from "#app/lib/form-intent.ts";
import { calendarDay } from "#app/features/guests/guest-forms.ts";
import { meetingRoomOrder } from "./meeting-room-facts.ts";
import { MEETING_ROOM_MAX_HOURS, meetingRoomStartHours } from "./meeting-room-hours.ts";

/**
 * The forms of /members/meeting-rooms and /concierge/meeting-rooms
 * (docs/product-rules.md#meeting-rooms): one schema per form, shared by the pages, their actions
 * and the tests. No form names a member: the actions take the signed-in one.
 */

const wholeNumber = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,2}$/, message)
    .transform(Number);

/** A booking is one intent (docs/product-rules.md#a-form-is-one-intent): it carries the page's key. */
export const bookMeetingRoomForm = z.object({
  intent: z.literal("book"),
  formKey: formKeyField,
  room: z.enum(meetingRoomOrder, { error: "Choose a room." }),
  day: calendarDay,
  startHour: wholeNumber("Choose a start time.").pipe(
    z.number().refine((hour) => meetingRoomStartHours.includes(hour), "Choose a start time."),
  ),
  hours: wholeNumber(`Choose 1 to ${MEETING_ROOM_MAX_HOURS} hours.`).pipe(
    z
      .number()
      .int()
      .min(1, `Choose 1 to ${MEETING_ROOM_MAX_HOURS} hours.`)
      .max(MEETING_ROOM_MAX_HOURS, `Choose 1 to ${MEETING_ROOM_MAX_HOURS} hours.`),
  ),
});

const reservationId = z.string().trim().min(1).max(100);

export const cancelMeetingRoomForm = z.object({ intent: z.literal("cancel"), reservationId });

/** The two forms of /members/meeting-rooms, told apart by their submit button's `intent`. */
export const memberMeetingRoomsForm = z.discriminatedUnion("intent", [bookMeetingRoomForm, cancelMeetingRoomForm]);

/** The console's cancel form. */
export const staffCancelMeetingRoomForm = z.object({ reservationId });

/** ?day=YYYY-MM-DD on both pages: the day whose hours are shown (anything else: today). */
export const meetingRoomDayQuery = z.object({ day: calendarDay.optional().catch(undefined) });

/** The console's query: the day, and ?cancel=<reservation id> while staff confirm a cancellation. */
export const meetingRoomConsoleQuery = meetingRoomDayQuery.extend({ cancel: reservationId.optional().catch(undefined) });
