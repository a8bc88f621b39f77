CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`member_id` text,
	`message` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`answered_at` text,
	`answered_by` text
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_at` ON `contact_messages` (`created_at`);--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `checked_by` text DEFAULT 'captcha' NOT NULL;--> statement-breakpoint
ALTER TABLE `invitation_requests` ADD `verified_phone` text;--> statement-breakpoint
ALTER TABLE `sms_opt_ins` ADD `verified_at` text;--> statement-breakpoint
ALTER TABLE `sms_opt_ins` ADD `request_id` text;