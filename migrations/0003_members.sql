CREATE TABLE `event_rsvps` (
	`event_id` text NOT NULL,
	`member_id` text NOT NULL,
	`plus_one` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`event_id`, `member_id`)
);
--> statement-breakpoint
CREATE TABLE `guest_waivers` (
	`member_id` text NOT NULL,
	`day` text NOT NULL,
	`guest_name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`member_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `member_events` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`lounge` text NOT NULL,
	`starts_at` text NOT NULL,
	`capacity` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `member_events_starts_at` ON `member_events` (`starts_at`);--> statement-breakpoint
CREATE TABLE `member_invitations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `members` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`tier` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text DEFAULT 'invited' NOT NULL,
	`password_hash` text,
	`google_subject` text,
	`locker_number` text,
	`locker_quarter` text,
	`points_balance` integer DEFAULT 0 NOT NULL,
	`invited_by` text,
	`invitation_request_id` text,
	`admitted_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "members_points_not_negative" CHECK("members"."points_balance" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_email` ON `members` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `members_google_subject` ON `members` (`google_subject`);--> statement-breakpoint
CREATE TABLE `partner_vendors` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`member_offer` text NOT NULL,
	`website` text
);
--> statement-breakpoint
CREATE TABLE `reward_items` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`points_cost` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reward_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` text NOT NULL,
	`item_id` text NOT NULL,
	`points` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reward_redemptions_member` ON `reward_redemptions` (`member_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `rules_acceptances` (
	`member_id` text NOT NULL,
	`rules_version` text NOT NULL,
	`accepted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`member_id`, `rules_version`)
);
--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `decided_by` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `decided_at` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `decision_note` text;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `member_id` text;