CREATE TABLE `calendar_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`listing_id` text NOT NULL,
	`member_id` text NOT NULL,
	`status` text NOT NULL,
	`guests` integer DEFAULT 0 NOT NULL,
	`reserved` integer DEFAULT false NOT NULL,
	`confirmed_at` text,
	`promoted_at` text,
	`promotion_emailed_at` text,
	`cancelled_at` text,
	`cancelled_by` text,
	`cancellation_emailed_at` text,
	`reminded_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "calendar_bookings_guests" CHECK("calendar_bookings"."guests" >= 0 and ("calendar_bookings"."status" <> 'waitlisted' or "calendar_bookings"."guests" = 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_bookings_member_live` ON `calendar_bookings` (`listing_id`,`member_id`) WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX `calendar_bookings_listing` ON `calendar_bookings` (`listing_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `calendar_bookings_member` ON `calendar_bookings` (`member_id`,`status`);--> statement-breakpoint
CREATE TABLE `calendar_feeds` (
	`member_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_read_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_unique` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE TABLE `calendar_listings` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`category` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`lounge` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`capacity` integer NOT NULL,
	`reserved_places` integer DEFAULT 0 NOT NULL,
	`opens_at` text NOT NULL,
	`closes_at` text NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`cancelled_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text,
	CONSTRAINT "calendar_listings_capacity" CHECK("calendar_listings"."capacity" > 0),
	CONSTRAINT "calendar_listings_reserved" CHECK("calendar_listings"."reserved_places" >= 0 and "calendar_listings"."reserved_places" <= "calendar_listings"."capacity"),
	CONSTRAINT "calendar_listings_times" CHECK("calendar_listings"."ends_at" > "calendar_listings"."starts_at" and "calendar_listings"."closes_at" <= "calendar_listings"."starts_at")
);
--> statement-breakpoint
CREATE INDEX `calendar_listings_starts` ON `calendar_listings` (`kind`,`starts_at`);--> statement-breakpoint
CREATE INDEX `calendar_listings_lounge_starts` ON `calendar_listings` (`lounge`,`starts_at`);--> statement-breakpoint
CREATE TABLE `calendar_sessions` (
	`listing_id` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	PRIMARY KEY(`listing_id`, `starts_at`)
);
--> statement-breakpoint
CREATE TABLE `meeting_room_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`room` text NOT NULL,
	`member_id` text NOT NULL,
	`starts_at` text NOT NULL,
	`day` text NOT NULL,
	`reservation_id` text NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`cancelled_at` text,
	`cancelled_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_room_bookings_room_hour` ON `meeting_room_bookings` (`room`,`starts_at`) WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX `meeting_room_bookings_member_day` ON `meeting_room_bookings` (`member_id`,`day`);--> statement-breakpoint
CREATE INDEX `meeting_room_bookings_day` ON `meeting_room_bookings` (`day`,`room`);--> statement-breakpoint
CREATE INDEX `meeting_room_bookings_reservation` ON `meeting_room_bookings` (`reservation_id`);--> statement-breakpoint
ALTER TABLE `guest_visits` ADD `booking_id` text;--> statement-breakpoint
CREATE INDEX `guest_visits_booking` ON `guest_visits` (`booking_id`);
--> statement-breakpoint
-- The events of the retired member_events table, each of the kind that decides who may book it
-- (docs/product-rules.md#calendar); their RSVPs become confirmed bookings. A plus-one of an old RSVP
-- stays a counted, unnamed guest: nobody named it. The old tables stay until a later release.
INSERT INTO `calendar_listings` (`id`, `kind`, `category`, `title`, `description`, `lounge`, `starts_at`, `ends_at`, `capacity`, `reserved_places`, `opens_at`, `closes_at`)
SELECT `id`, 'event',
  CASE `id`
    WHEN '2027-02-pairing-evening' THEN 'special-event'
    WHEN '2027-04-shade-harvest-dinner' THEN 'master-blender-dinner'
    ELSE 'tasting-night'
  END,
  `title`, `description`,
  CASE `lounge` WHEN 'Business Lounge' THEN 'business' WHEN 'Platinum Lounge' THEN 'platinum' ELSE 'kickback' END,
  `starts_at`,
  strftime('%Y-%m-%dT%H:%M:%fZ', `starts_at`, '+3 hours'),
  `capacity`,
  CASE `id` WHEN '2027-04-shade-harvest-dinner' THEN min(6, `capacity`) ELSE 0 END,
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  strftime('%Y-%m-%dT%H:%M:%fZ', `starts_at`, '-24 hours')
FROM `member_events`;
--> statement-breakpoint
INSERT INTO `calendar_bookings` (`id`, `listing_id`, `member_id`, `status`, `guests`, `confirmed_at`, `created_at`)
SELECT lower(hex(randomblob(16))), `event_id`, `member_id`, 'confirmed', `plus_one`, `created_at`, `created_at`
FROM `event_rsvps` WHERE `event_id` IN (SELECT `id` FROM `calendar_listings`);
--> statement-breakpoint
-- The Cigar Academy's winter term (/cigar-academy): enrolment opens three weeks before each course's
-- first session and closes when it begins. Content, kept current by staff at /concierge/academy.
INSERT INTO `calendar_listings` (`id`, `kind`, `category`, `title`, `description`, `lounge`, `starts_at`, `ends_at`, `capacity`, `reserved_places`, `opens_at`, `closes_at`) VALUES
  ('2027-winter-foundations', 'course', 'foundations', 'Foundations, winter term', 'Four Tuesday evenings in the Business Lounge library: wrapper, binder and filler; shapes and gauges; cutting, toasting and lighting; reading the burn.', 'business', '2027-01-13T02:30:00.000Z', '2027-02-03T04:00:00.000Z', 10, 0, '2026-12-23T02:30:00.000Z', '2027-01-13T02:30:00.000Z'),
  ('2027-winter-blending-terroir', 'course', 'blending-terroir', 'Blending & Terroir, winter term', 'Six Wednesday evenings on primings, regions and fermentation, ending with a blind blend built from loose leaf.', 'business', '2027-01-14T03:00:00.000Z', '2027-02-18T05:00:00.000Z', 10, 0, '2026-12-24T03:00:00.000Z', '2027-01-14T03:00:00.000Z'),
  ('2027-winter-sommelier-pairing', 'course', 'sommelier-pairing', 'Sommelier Pairing masterclass, winter term', 'One evening with a guest sommelier: three cigars, each against a wine, a spirit and coffee.', 'business', '2027-02-26T03:00:00.000Z', '2027-02-26T06:00:00.000Z', 12, 0, '2027-02-05T03:00:00.000Z', '2027-02-26T03:00:00.000Z');
--> statement-breakpoint
INSERT INTO `calendar_sessions` (`listing_id`, `starts_at`, `ends_at`) VALUES
  ('2027-winter-foundations', '2027-01-13T02:30:00.000Z', '2027-01-13T04:00:00.000Z'),
  ('2027-winter-foundations', '2027-01-20T02:30:00.000Z', '2027-01-20T04:00:00.000Z'),
  ('2027-winter-foundations', '2027-01-27T02:30:00.000Z', '2027-01-27T04:00:00.000Z'),
  ('2027-winter-foundations', '2027-02-03T02:30:00.000Z', '2027-02-03T04:00:00.000Z'),
  ('2027-winter-blending-terroir', '2027-01-14T03:00:00.000Z', '2027-01-14T05:00:00.000Z'),
  ('2027-winter-blending-terroir', '2027-01-21T03:00:00.000Z', '2027-01-21T05:00:00.000Z'),
  ('2027-winter-blending-terroir', '2027-01-28T03:00:00.000Z', '2027-01-28T05:00:00.000Z'),
  ('2027-winter-blending-terroir', '2027-02-04T03:00:00.000Z', '2027-02-04T05:00:00.000Z'),
  ('2027-winter-blending-terroir', '2027-02-11T03:00:00.000Z', '2027-02-11T05:00:00.000Z'),
  ('2027-winter-blending-terroir', '2027-02-18T03:00:00.000Z', '2027-02-18T05:00:00.000Z'),
  ('2027-winter-sommelier-pairing', '2027-02-26T03:00:00.000Z', '2027-02-26T06:00:00.000Z');
