CREATE TABLE `instant_alerts` (
	`email` text NOT NULL,
	`pet_id` integer NOT NULL,
	`saved_search_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`email`, `pet_id`)
);
--> statement-breakpoint
CREATE INDEX `instant_alerts_created_at_idx` ON `instant_alerts` (`created_at`);--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `alert_municipality_code` integer;--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `alert_radius_km` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `alert_status` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `alert_species` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `saved_searches_instant_idx` ON `saved_searches` (`alert_municipality_code`,`alert_status`,`alert_species`,`alert_radius_km`) WHERE "saved_searches"."confirmed_at" IS NOT NULL AND "saved_searches"."alert_municipality_code" IS NOT NULL;--> statement-breakpoint
-- Backfill (docs/decisions/0046): the instant alerts' columns of the saved searches there
-- are, read from their stored query string as the app writes it (0026, 0032): `cidade` in
-- its canonical form ("jundiai-sp": the folded name with hyphens, then the UF), `raio`,
-- and the status and species as `filter=` values. A city that does not read as one of our
-- municipalities stays null: that search keeps its digest only.
UPDATE `saved_searches` SET
	`alert_radius_km` = CASE
		WHEN instr('&' || `criteria` || '&', '&raio=10&') > 0 THEN 10
		WHEN instr('&' || `criteria` || '&', '&raio=25&') > 0 THEN 25
		WHEN instr('&' || `criteria` || '&', '&raio=50&') > 0 THEN 50
		ELSE 0 END,
	`alert_status` = CASE
		WHEN (instr('&' || `criteria` || '&', '&filter=perdido&') > 0) + (instr('&' || `criteria` || '&', '&filter=encontrado&') > 0)
			+ (instr('&' || `criteria` || '&', '&filter=avistado&') > 0) + (instr('&' || `criteria` || '&', '&filter=adocao&') > 0) <> 1 THEN ''
		WHEN instr('&' || `criteria` || '&', '&filter=perdido&') > 0 THEN 'perdido'
		WHEN instr('&' || `criteria` || '&', '&filter=encontrado&') > 0 THEN 'encontrado'
		WHEN instr('&' || `criteria` || '&', '&filter=avistado&') > 0 THEN 'avistado'
		ELSE 'adocao' END,
	`alert_species` = CASE
		WHEN (instr('&' || `criteria` || '&', '&filter=Cachorro&') > 0) + (instr('&' || `criteria` || '&', '&filter=Gato&') > 0)
			+ (instr('&' || `criteria` || '&', '&filter=Outro&') > 0) <> 1 THEN ''
		WHEN instr('&' || `criteria` || '&', '&filter=Cachorro&') > 0 THEN 'cachorro'
		WHEN instr('&' || `criteria` || '&', '&filter=Gato&') > 0 THEN 'gato'
		ELSE '' END;
--> statement-breakpoint
UPDATE `saved_searches` SET `alert_municipality_code` = (
	SELECT m.`ibge_code` FROM `municipalities` m
	WHERE length(c.`city`) > 3
		AND m.`folded_name` = replace(substr(c.`city`, 1, length(c.`city`) - 3), '-', '')
		AND m.`uf` = upper(substr(c.`city`, -2))
	LIMIT 1)
FROM (
	SELECT `id`, substr(`rest`, 1, instr(`rest`, '&') - 1) AS `city`
	FROM (SELECT `id`, substr('&' || `criteria` || '&', instr('&' || `criteria` || '&', '&cidade=') + 8) AS `rest`
		FROM `saved_searches` WHERE instr('&' || `criteria` || '&', '&cidade=') > 0)
) AS c
WHERE `saved_searches`.`id` = c.`id`;
