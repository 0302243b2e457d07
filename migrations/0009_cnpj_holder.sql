-- A CNPJ is held only by a company account whose e-mail is confirmed, one per CNPJ
-- (docs/decisions/0028): unconfirmed sign-ups may share a CNPJ; the partial unique index
-- lets the database refuse a second holder, whatever the race.
DROP INDEX `companies_cnpj_unique`;--> statement-breakpoint
ALTER TABLE `companies` ADD `cnpj_claimed_at` integer;--> statement-breakpoint
-- The old unique index allowed one account per CNPJ: the confirmed ones keep theirs.
UPDATE `companies` SET `cnpj_claimed_at` = `updated_at`
  WHERE `id` IN (SELECT `id` FROM `users` WHERE `email_verified` = 1);--> statement-breakpoint
CREATE INDEX `companies_cnpj_idx` ON `companies` (`cnpj`);--> statement-breakpoint
CREATE UNIQUE INDEX `companies_cnpj_holder_unique` ON `companies` (`cnpj`) WHERE "companies"."cnpj_claimed_at" is not null;
