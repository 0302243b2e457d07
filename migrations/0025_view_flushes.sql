CREATE TABLE `view_flushes` (
	`object` text PRIMARY KEY NOT NULL,
	`period` text NOT NULL,
	`item` integer NOT NULL
);
