CREATE TABLE `card_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`public_key` text NOT NULL,
	`label` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`last_renewed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `card_devices_member` ON `card_devices` (`member_id`);--> statement-breakpoint
CREATE INDEX `card_devices_revoked` ON `card_devices` (`revoked_at`);--> statement-breakpoint
CREATE TABLE `door_check_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`lounge` text NOT NULL,
	`day` text NOT NULL,
	`checked_in_at` text NOT NULL,
	`method` text NOT NULL,
	`card_id` text,
	`staff_member_id` text NOT NULL,
	`offline` integer DEFAULT false NOT NULL,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `door_check_ins_day_lounge` ON `door_check_ins` (`day`,`lounge`);--> statement-breakpoint
CREATE INDEX `door_check_ins_member_day` ON `door_check_ins` (`member_id`,`day`);--> statement-breakpoint
CREATE TABLE `door_guest_check_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`check_in_id` text NOT NULL,
	`guest_name` text NOT NULL,
	`guest_visit_id` text,
	`refused_on_sync` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `door_guest_check_ins_check_in` ON `door_guest_check_ins` (`check_in_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `door_guest_check_ins_visit` ON `door_guest_check_ins` (`guest_visit_id`);--> statement-breakpoint
CREATE TABLE `member_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`author_member_id` text NOT NULL,
	`note` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `member_notes_member` ON `member_notes` (`member_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `members` ADD `photo_key` text;--> statement-breakpoint
CREATE INDEX `members_name` ON `members` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `dues_ledger_occurred_at` ON `dues_ledger` (`occurred_at`);