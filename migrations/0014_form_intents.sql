CREATE TABLE `form_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`actor_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `form_intents_created_at` ON `form_intents` (`created_at`);
