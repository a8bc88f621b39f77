CREATE TABLE `application_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` text NOT NULL,
	`kind` text NOT NULL,
	`actor_id` text,
	`detail` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `application_events_request` ON `application_events` (`request_id`,`id`);--> statement-breakpoint
CREATE TABLE `sit_down_bookings` (
	`request_id` text PRIMARY KEY NOT NULL,
	`slot_id` text NOT NULL,
	`booked_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sit_down_bookings_slot` ON `sit_down_bookings` (`slot_id`);--> statement-breakpoint
CREATE TABLE `sit_down_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`lounge` text NOT NULL,
	`starts_at` text NOT NULL,
	`minutes` integer DEFAULT 45 NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sit_down_slots_lounge_start` ON `sit_down_slots` (`lounge`,`starts_at`);--> statement-breakpoint
CREATE INDEX `sit_down_slots_start` ON `sit_down_slots` (`starts_at`);--> statement-breakpoint
CREATE TABLE `dues_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`method` text NOT NULL,
	`external_id` text NOT NULL,
	`recorded_by` text,
	`occurred_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "dues_ledger_amount_positive" CHECK("dues_ledger"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dues_ledger_external_id` ON `dues_ledger` (`external_id`);--> statement-breakpoint
CREATE INDEX `dues_ledger_member` ON `dues_ledger` (`member_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `email_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `joined_to` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `sponsor_member_id` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `sponsor_answer` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `sponsor_answered_at` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `sit_down_invited_at` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `tier` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `waitlisted_at` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `offered_at` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `offer_expires_at` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `checkout_session_id` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `paid_at` text;--> statement-breakpoint
CREATE INDEX `invitation_requests_email_key` ON `invitation_requests` (`email_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `invitation_requests_waitlist` ON `invitation_requests` (`status`,`tier`,`waitlisted_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `invitation_requests_checkout_session` ON `invitation_requests` (`checkout_session_id`);--> statement-breakpoint
ALTER TABLE `members` ADD `dues_status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `paid_through` text;--> statement-breakpoint
ALTER TABLE `members` ADD `grace_ends_at` text;--> statement-breakpoint
ALTER TABLE `members` ADD `pending_tier` text;--> statement-breakpoint
ALTER TABLE `members` ADD `payment_customer_id` text;--> statement-breakpoint
ALTER TABLE `members` ADD `subscription_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `members_subscription_id` ON `members` (`subscription_id`);--> statement-breakpoint
-- Repeat submissions are joined by the normalised email (normalizeEmail: trimmed, lower-cased).
UPDATE `invitation_requests` SET `email_key` = lower(trim(`email`));
