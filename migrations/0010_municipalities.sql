CREATE TABLE `municipalities` (
	`ibge_code` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`folded_name` text NOT NULL,
	`uf` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `municipalities_folded_name_uf_idx` ON `municipalities` (`folded_name`,`uf`);--> statement-breakpoint
CREATE TABLE `municipality_neighbours` (
	`from_code` integer NOT NULL,
	`to_code` integer NOT NULL,
	`distance_km` real NOT NULL,
	PRIMARY KEY(`from_code`, `to_code`),
	FOREIGN KEY (`from_code`) REFERENCES `municipalities`(`ibge_code`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_code`) REFERENCES `municipalities`(`ibge_code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `municipality_neighbours_from_distance_idx` ON `municipality_neighbours` (`from_code`,`distance_km`,`to_code`);--> statement-breakpoint
ALTER TABLE `clinics` ADD `municipality_code` integer REFERENCES municipalities(ibge_code);--> statement-breakpoint
CREATE INDEX `clinics_municipality_code_idx` ON `clinics` (`municipality_code`);--> statement-breakpoint
ALTER TABLE `events` ADD `municipality_code` integer REFERENCES municipalities(ibge_code);--> statement-breakpoint
CREATE INDEX `events_municipality_code_idx` ON `events` (`municipality_code`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `municipality_code` integer REFERENCES municipalities(ibge_code);--> statement-breakpoint
CREATE INDEX `organizations_municipality_code_idx` ON `organizations` (`municipality_code`);--> statement-breakpoint
ALTER TABLE `pets` ADD `municipality_code` integer REFERENCES municipalities(ibge_code);--> statement-breakpoint
CREATE INDEX `pets_municipality_code_idx` ON `pets` (`municipality_code`);--> statement-breakpoint
ALTER TABLE `products` ADD `municipality_code` integer REFERENCES municipalities(ibge_code);--> statement-breakpoint
CREATE INDEX `products_municipality_code_idx` ON `products` (`municipality_code`);--> statement-breakpoint
ALTER TABLE `sightings` ADD `municipality_code` integer REFERENCES municipalities(ibge_code);