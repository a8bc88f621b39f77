DROP TABLE `guest_waivers`;--> statement-breakpoint
ALTER TABLE `members` DROP COLUMN `locker_number`;--> statement-breakpoint
ALTER TABLE `members` DROP COLUMN `locker_quarter`;