CREATE TABLE `member_passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text,
	`device_type` text NOT NULL,
	`backed_up` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_passkeys_member` ON `member_passkeys` (`member_id`);--> statement-breakpoint
CREATE TABLE `member_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`member_id` text NOT NULL,
	`method` text NOT NULL,
	`device` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_sessions_id_unique` ON `member_sessions` (`id`);--> statement-breakpoint
CREATE INDEX `member_sessions_member` ON `member_sessions` (`member_id`);--> statement-breakpoint
CREATE INDEX `member_sessions_expires` ON `member_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sign_in_codes` (
	`email_key` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_codes_expires` ON `sign_in_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`member_id` text,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expires` ON `webauthn_challenges` (`expires_at`);--> statement-breakpoint
ALTER TABLE `members` ADD `sessions_valid_after` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `webauthn_user_id` text;--> statement-breakpoint
ALTER TABLE `members` ADD `email_confirmed_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `members_webauthn_user_id` ON `members` (`webauthn_user_id`);