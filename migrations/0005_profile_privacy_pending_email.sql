ALTER TABLE `profiles` ADD `public_id` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `show_email` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `show_phone` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `profiles` SET `public_id` = lower(hex(randomblob(8))) WHERE `public_id` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_public_id_unique` ON `profiles` (`public_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email` text;