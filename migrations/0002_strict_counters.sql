CREATE TABLE `strict_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_ends_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `strict_counters_window_ends_at` ON `strict_counters` (`window_ends_at`);