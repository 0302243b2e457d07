-- The digest's planner walks the saved searches city by city on saved_searches_instant_idx
-- (docs/decisions/0049): the index on last_pet_id, which every digest advances, only cost a
-- write per saved search a day.
DROP INDEX `saved_searches_last_pet_id_idx`;