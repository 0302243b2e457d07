CREATE INDEX `pets_type_created_at_idx` ON `pets` (`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `pets_size_created_at_idx` ON `pets` (`size`,`created_at`);--> statement-breakpoint
CREATE INDEX `pets_gender_created_at_idx` ON `pets` (`gender`,`created_at`);