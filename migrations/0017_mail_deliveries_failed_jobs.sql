CREATE TABLE `failed_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`queue` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `failed_jobs_created_at_idx` ON `failed_jobs` (`created_at`);--> statement-breakpoint
CREATE TABLE `mail_deliveries` (
	`key` text PRIMARY KEY NOT NULL,
	`recipient` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`failed_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_deliveries_pending_idx` ON `mail_deliveries` (`created_at`) WHERE "mail_deliveries"."sent_at" IS NULL AND "mail_deliveries"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX `mail_deliveries_sent_at_idx` ON `mail_deliveries` (`sent_at`);--> statement-breakpoint
CREATE INDEX `mail_deliveries_failed_at_idx` ON `mail_deliveries` (`failed_at`) WHERE "mail_deliveries"."failed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `mail_deliveries_recipient_idx` ON `mail_deliveries` (`recipient`);