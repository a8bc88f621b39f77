CREATE TABLE `locker_assignments` (
	`id` text PRIMARY KEY NOT NULL,
	`locker_id` text NOT NULL,
	`member_id` text NOT NULL,
	`status` text NOT NULL,
	`offered_at` text,
	`offer_expires_at` text,
	`started_at` text,
	`grace_ends_at` text,
	`hold_until` text,
	`nameplate` text,
	`assigned_by` text,
	`ended_at` text,
	`ended_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `locker_assignments_live_locker` ON `locker_assignments` (`locker_id`) WHERE status <> 'ended';--> statement-breakpoint
CREATE UNIQUE INDEX `locker_assignments_member_offer` ON `locker_assignments` (`member_id`) WHERE status = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX `locker_assignments_member_held` ON `locker_assignments` (`member_id`) WHERE status IN ('active', 'grace', 'holding');--> statement-breakpoint
CREATE INDEX `locker_assignments_member` ON `locker_assignments` (`member_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `locker_assignments_status` ON `locker_assignments` (`status`);--> statement-breakpoint
CREATE TABLE `locker_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`locker_id` text NOT NULL,
	`kind` text NOT NULL,
	`note` text,
	`status` text DEFAULT 'open' NOT NULL,
	`handled_by` text,
	`handled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `locker_requests_status` ON `locker_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `locker_requests_member` ON `locker_requests` (`member_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `locker_waitlist` (
	`member_id` text PRIMARY KEY NOT NULL,
	`locker_class` text NOT NULL,
	`joined_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `locker_waitlist_class` ON `locker_waitlist` (`locker_class`,`joined_at`);--> statement-breakpoint
CREATE TABLE `lockers` (
	`id` text PRIMARY KEY NOT NULL,
	`lounge` text NOT NULL,
	`number` text NOT NULL,
	`locker_class` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lockers_lounge_number` ON `lockers` (`lounge`,`number`);--> statement-breakpoint
CREATE INDEX `lockers_class` ON `lockers` (`locker_class`,`lounge`);--> statement-breakpoint
CREATE TABLE `guest_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`host_member_id` text NOT NULL,
	`lounge` text NOT NULL,
	`day` text NOT NULL,
	`guest_name` text NOT NULL,
	`guest_key` text NOT NULL,
	`guest_email` text,
	`adult_confirmed` integer NOT NULL,
	`stick_fee_waived` integer NOT NULL,
	`event_night_extra` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'expected' NOT NULL,
	`cancelled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "guest_visits_adult" CHECK("guest_visits"."adult_confirmed" = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_visits_host_day_guest` ON `guest_visits` (`host_member_id`,`day`,`guest_key`) WHERE status = 'expected';--> statement-breakpoint
CREATE INDEX `guest_visits_host_day` ON `guest_visits` (`host_member_id`,`day`);--> statement-breakpoint
CREATE INDEX `guest_visits_day_lounge` ON `guest_visits` (`day`,`lounge`);--> statement-breakpoint
CREATE INDEX `guest_visits_guest_key` ON `guest_visits` (`guest_key`,`day`);--> statement-breakpoint
CREATE INDEX `guest_visits_guest_email` ON `guest_visits` (`guest_email`,`day`);--> statement-breakpoint
CREATE INDEX `guest_visits_created` ON `guest_visits` (`created_at`);--> statement-breakpoint
-- The lockers of each lounge (docs/product-rules.md#lockers): shared shelves at the Kickback Lounge,
-- private lockers at the Business Lounge (and a row of them at the Kickback Lounge), cedar-lined
-- lockers at the Platinum Lounge.
INSERT INTO `lockers` (`id`, `lounge`, `number`, `locker_class`)
WITH RECURSIVE `n`(`i`) AS (SELECT 1 UNION ALL SELECT `i` + 1 FROM `n` WHERE `i` < 48)
SELECT 'kickback-S-' || printf('%03d', `i`), 'kickback', 'S-' || printf('%03d', `i`), 'shelf' FROM `n`;--> statement-breakpoint
INSERT INTO `lockers` (`id`, `lounge`, `number`, `locker_class`)
WITH RECURSIVE `n`(`i`) AS (SELECT 1 UNION ALL SELECT `i` + 1 FROM `n` WHERE `i` < 24)
SELECT 'business-P-' || printf('%02d', `i`), 'business', 'P-' || printf('%02d', `i`), 'private' FROM `n`;--> statement-breakpoint
INSERT INTO `lockers` (`id`, `lounge`, `number`, `locker_class`)
WITH RECURSIVE `n`(`i`) AS (SELECT 25 UNION ALL SELECT `i` + 1 FROM `n` WHERE `i` < 32)
SELECT 'kickback-P-' || printf('%02d', `i`), 'kickback', 'P-' || printf('%02d', `i`), 'private' FROM `n`;--> statement-breakpoint
INSERT INTO `lockers` (`id`, `lounge`, `number`, `locker_class`)
WITH RECURSIVE `n`(`i`) AS (SELECT 1 UNION ALL SELECT `i` + 1 FROM `n` WHERE `i` < 12)
SELECT 'platinum-C-' || printf('%02d', `i`), 'platinum', 'C-' || printf('%02d', `i`), 'cedar' FROM `n`;--> statement-breakpoint
-- A locker an operator typed on a member before the inventory existed is a real locker: it joins
-- the inventory (in the member's home lounge, of their tier's class) and stays theirs.
INSERT OR IGNORE INTO `lockers` (`id`, `lounge`, `number`, `locker_class`)
SELECT `tier` || '-' || trim(`locker_number`), `tier`, trim(`locker_number`),
  CASE `tier` WHEN 'kickback' THEN 'shelf' WHEN 'business' THEN 'private' ELSE 'cedar' END
FROM `members` WHERE `locker_number` IS NOT NULL AND trim(`locker_number`) <> '';--> statement-breakpoint
INSERT OR IGNORE INTO `locker_assignments` (`id`, `locker_id`, `member_id`, `status`, `started_at`)
SELECT lower(hex(randomblob(16))), `lockers`.`id`, `members`.`id`, 'active', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM `members` JOIN `lockers` ON `lockers`.`lounge` = `members`.`tier` AND `lockers`.`number` = trim(`members`.`locker_number`)
WHERE `members`.`status` <> 'suspended';--> statement-breakpoint
-- Every waived plus-one so far is a guest visit, at the host's home lounge.
INSERT INTO `guest_visits` (`id`, `host_member_id`, `lounge`, `day`, `guest_name`, `guest_key`, `adult_confirmed`, `stick_fee_waived`, `created_at`)
SELECT lower(hex(randomblob(16))), `guest_waivers`.`member_id`, COALESCE(`members`.`tier`, 'kickback'), `guest_waivers`.`day`,
  `guest_waivers`.`guest_name`, lower(trim(`guest_waivers`.`guest_name`)), 1, 1, `guest_waivers`.`created_at`
FROM `guest_waivers` LEFT JOIN `members` ON `members`.`id` = `guest_waivers`.`member_id`;
