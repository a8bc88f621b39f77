ALTER TABLE `outbox` ADD `capped` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_capped_recipient_created_at` ON `outbox` (`recipient`,`created_at`) WHERE capped = 1;
