-- Reports and moderation (docs/decisions/0035-reports-and-moderation.md): the reports,
-- the moderators' append-only log, the admin role, suspended accounts, and on every item
-- people publish a nullable `moderation` state that the public reads filter (null:
-- public). Partial indexes keep the few moderated rows findable at no cost to the rest.
CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` text,
	`admin_name` text NOT NULL,
	`action` text NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`subject` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `moderation_log_created_at_idx` ON `moderation_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_log_item_idx` ON `moderation_log` (`item_kind`,`item_id`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`reporter_key` text NOT NULL,
	`reporter_user_id` text,
	`reporter_confirmed` integer DEFAULT false NOT NULL,
	`reason` text NOT NULL,
	`details` text,
	`resolved_at` integer,
	`resolution` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`reporter_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_item_reporter_unique` ON `reports` (`item_kind`,`item_id`,`reporter_key`);--> statement-breakpoint
CREATE INDEX `reports_open_idx` ON `reports` (`item_kind`,`item_id`) WHERE "reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX `reports_reporter_user_id_idx` ON `reports` (`reporter_user_id`);--> statement-breakpoint
ALTER TABLE `clinics` ADD `moderation` text;--> statement-breakpoint
CREATE INDEX `clinics_moderation_idx` ON `clinics` (`moderation`) WHERE "clinics"."moderation" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `moderation` text;--> statement-breakpoint
CREATE INDEX `events_moderation_idx` ON `events` (`moderation`) WHERE "events"."moderation" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `moderation` text;--> statement-breakpoint
CREATE INDEX `organizations_moderation_idx` ON `organizations` (`moderation`) WHERE "organizations"."moderation" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `pets` ADD `moderation` text;--> statement-breakpoint
CREATE INDEX `pets_moderation_idx` ON `pets` (`moderation`) WHERE "pets"."moderation" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `moderation` text;--> statement-breakpoint
CREATE INDEX `products_moderation_idx` ON `products` (`moderation`) WHERE "products"."moderation" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `moderation` text;--> statement-breakpoint
CREATE INDEX `profiles_moderation_idx` ON `profiles` (`moderation`) WHERE "profiles"."moderation" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `sightings` ADD `moderation` text;--> statement-breakpoint
CREATE INDEX `sightings_moderation_idx` ON `sightings` (`moderation`) WHERE "sightings"."moderation" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `is_admin` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
CREATE INDEX `users_suspended_at_idx` ON `users` (`suspended_at`) WHERE "users"."suspended_at" IS NOT NULL;
--> statement-breakpoint
-- The log is append-only: nothing, not even a mistaken query, edits or deletes an entry.
CREATE TRIGGER moderation_log_no_update BEFORE UPDATE ON moderation_log BEGIN
  SELECT RAISE(ABORT, 'moderation_log é somente de inclusão');
END;
--> statement-breakpoint
CREATE TRIGGER moderation_log_no_delete BEFORE DELETE ON moderation_log BEGIN
  SELECT RAISE(ABORT, 'moderation_log é somente de inclusão');
END;
