-- The instant alerts' record becomes one row per Brasília day and address
-- (docs/decisions/0046, "One row per address and day"): one row written per alert mail
-- instead of three (the row, its primary key's index and the created_at index). Generated
-- by drizzle-kit; edited by hand: WITHOUT ROWID (the key is the table), and the rows of
-- instant_alerts are carried over, grouped by the Brasília day of their created_at (UTC−3
-- all year) and address. The old table is emptied, not dropped: the previous version's
-- Worker still runs between the migrations and the deploy (docs/decisions/0039); the next
-- version drops it.
CREATE TABLE `instant_alert_days` (
	`day` text NOT NULL,
	`email` text NOT NULL,
	`pets` text NOT NULL,
	PRIMARY KEY(`day`, `email`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `instant_alert_days` (`day`, `email`, `pets`)
SELECT date(`created_at` / 1000 - 3 * 3600, 'unixepoch'), `email`, json_group_array(json_array(`pet_id`, `saved_search_id`))
FROM (SELECT * FROM `instant_alerts` ORDER BY `created_at`)
GROUP BY date(`created_at` / 1000 - 3 * 3600, 'unixepoch'), `email`;
--> statement-breakpoint
DELETE FROM `instant_alerts`;
