-- Search pages in id order (docs/decisions/0017-flat-search.md). The search walks pets
-- newest first by id (ids grow with publication time) and stops after the page; a filter
-- group with one value walks its own index, whose entries SQLite keeps in rowid (= id)
-- order within each value. The (column, created_at) indexes of migration 0004 ordered
-- by created_at, which the search no longer uses: dropped.
DROP INDEX IF EXISTS `pets_type_created_at_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `pets_size_created_at_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `pets_gender_created_at_idx`;--> statement-breakpoint
CREATE INDEX `pets_type_idx` ON `pets` (`type`);--> statement-breakpoint
CREATE INDEX `pets_size_idx` ON `pets` (`size`);--> statement-breakpoint
CREATE INDEX `pets_gender_idx` ON `pets` (`gender`);
