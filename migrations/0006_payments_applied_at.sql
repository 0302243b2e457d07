ALTER TABLE `payments` ADD `applied_at` integer;--> statement-breakpoint
CREATE INDEX `payments_cnpj_idx` ON `payments` (`cnpj`);