CREATE TABLE `form_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`actor_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `form_intents_created_at` ON `form_intents` (`created_at`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `capped` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_capped_recipient_created_at` ON `outbox` (`recipient`,`created_at`) WHERE capped = 1;--> statement-breakpoint
-- Member cards are for accounts whose role is member (docs/product-rules.md#member-card): the cards
-- that door and concierge accounts obtained before the rule are revoked (written by hand).
UPDATE `card_devices` SET `revoked_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE `revoked_at` IS NULL AND `member_id` IN (SELECT `id` FROM `members` WHERE `role` <> 'member');
