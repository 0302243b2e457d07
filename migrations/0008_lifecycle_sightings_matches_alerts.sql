CREATE TABLE `pet_matches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lost_pet_id` integer NOT NULL,
	`other_pet_id` integer NOT NULL,
	`score` integer NOT NULL,
	`notified_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`lost_pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pet_matches_pair_unique` ON `pet_matches` (`lost_pet_id`,`other_pet_id`);--> statement-breakpoint
CREATE INDEX `pet_matches_other_pet_id_idx` ON `pet_matches` (`other_pet_id`);--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`criteria` text NOT NULL,
	`token` text NOT NULL,
	`confirmed_at` integer,
	`last_pet_id` integer DEFAULT 0 NOT NULL,
	`last_digest_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_token_unique` ON `saved_searches` (`token`);--> statement-breakpoint
CREATE INDEX `saved_searches_user_id_idx` ON `saved_searches` (`user_id`);--> statement-breakpoint
CREATE INDEX `saved_searches_email_idx` ON `saved_searches` (`email`);--> statement-breakpoint
CREATE INDEX `saved_searches_confirmed_at_idx` ON `saved_searches` (`confirmed_at`);--> statement-breakpoint
CREATE INDEX `saved_searches_last_pet_id_idx` ON `saved_searches` (`last_pet_id`);--> statement-breakpoint
CREATE TABLE `sightings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`place` text NOT NULL,
	`seen_at` text NOT NULL,
	`notes` text,
	`image_url` text,
	`contact` text,
	`reporter_user_id` text,
	`hidden_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sightings_pet_id_idx` ON `sightings` (`pet_id`,`id`);--> statement-breakpoint
ALTER TABLE `pets` ADD `closed_as` text;--> statement-breakpoint
ALTER TABLE `pets` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `pets` ADD `renewed_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pets` ADD `reminded_at` integer;--> statement-breakpoint
ALTER TABLE `pets` ADD `listed` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `pets_listed_renewed_at_idx` ON `pets` (`listed`,`renewed_at`);--> statement-breakpoint
CREATE INDEX `pets_closed_at_idx` ON `pets` (`closed_at`);--> statement-breakpoint
-- Lifecycle (docs/decisions/0023). Existing ads start their 60/90-day clock at their last
-- edit; new ones at publication (a column added by ALTER cannot default to an expression).
UPDATE `pets` SET `renewed_at` = `updated_at`;--> statement-breakpoint
CREATE TRIGGER pets_renewed_at_insert AFTER INSERT ON pets WHEN NEW.renewed_at = 0 BEGIN
  UPDATE pets SET renewed_at = NEW.created_at WHERE id = NEW.id;
END;
--> statement-breakpoint
-- Honest counters kept by triggers like those of migration 0001: 'pets:reencontrado' and
-- 'pets:adotado' count happy endings; 'pets:listed:<status>' counts the ads the search
-- shows by default (open and renewed within 90 days).
INSERT INTO counters (key, value) VALUES
  ('pets:reencontrado', (SELECT count(*) FROM pets WHERE closed_as = 'reencontrado')),
  ('pets:adotado', (SELECT count(*) FROM pets WHERE closed_as = 'adotado')),
  ('pets:listed:perdido', (SELECT count(*) FROM pets WHERE listed AND status = 'perdido')),
  ('pets:listed:encontrado', (SELECT count(*) FROM pets WHERE listed AND status = 'encontrado')),
  ('pets:listed:adocao', (SELECT count(*) FROM pets WHERE listed AND status = 'adocao')),
  ('pets:listed:avistado', (SELECT count(*) FROM pets WHERE listed AND status = 'avistado'));
--> statement-breakpoint
CREATE TRIGGER pets_lifecycle_counters_insert AFTER INSERT ON pets BEGIN
  UPDATE counters SET value = value + 1 WHERE key = 'pets:' || NEW.closed_as;
  UPDATE counters SET value = value + 1 WHERE NEW.listed AND key = 'pets:listed:' || NEW.status;
END;
--> statement-breakpoint
CREATE TRIGGER pets_lifecycle_counters_delete AFTER DELETE ON pets BEGIN
  UPDATE counters SET value = value - 1 WHERE key = 'pets:' || OLD.closed_as;
  UPDATE counters SET value = value - 1 WHERE OLD.listed AND key = 'pets:listed:' || OLD.status;
END;
--> statement-breakpoint
CREATE TRIGGER pets_lifecycle_counters_update AFTER UPDATE OF status, listed, closed_as ON pets BEGIN
  UPDATE counters SET value = value - 1 WHERE key = 'pets:' || OLD.closed_as;
  UPDATE counters SET value = value + 1 WHERE key = 'pets:' || NEW.closed_as;
  UPDATE counters SET value = value - 1 WHERE OLD.listed AND key = 'pets:listed:' || OLD.status;
  UPDATE counters SET value = value + 1 WHERE NEW.listed AND key = 'pets:listed:' || NEW.status;
END;
