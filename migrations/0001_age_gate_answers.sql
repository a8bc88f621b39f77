CREATE TABLE `age_gate_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`answer` text NOT NULL,
	`user_agent` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `age_gate_answers_created_at` ON `age_gate_answers` (`created_at`);