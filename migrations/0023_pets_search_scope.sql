-- Text search cut by what the page shows (docs/decisions/0048). The FTS index also holds,
-- per pet, its municipality (the IBGE code as text) and `search_scope`: one trigram of
-- what the public sees of the ad and its status, so a MATCH is cut by the listing, the
-- status and the area before a single pet is read ('lpe' a listed lost pet, 'ead' a
-- closed or expired adoption ad, 'o..' a held, removed or suspended one). A virtual
-- generated column, so the index stays rebuildable from pets ('rebuild', the backup's
-- restore) and pets stores nothing more; drizzle's schema does not list it, as it does not
-- list pets_search. The index is created again and rebuilt from the pets already there.
ALTER TABLE pets ADD search_scope text GENERATED ALWAYS AS (
  CASE WHEN moderation IS NOT NULL THEN 'o' WHEN listed = 1 THEN 'l' ELSE 'e' END || substr(status, 1, 2)
) VIRTUAL;
--> statement-breakpoint
DROP TRIGGER pets_search_insert;
--> statement-breakpoint
DROP TRIGGER pets_search_delete;
--> statement-breakpoint
DROP TRIGGER pets_search_update;
--> statement-breakpoint
DROP TABLE pets_search;
--> statement-breakpoint
CREATE VIRTUAL TABLE pets_search USING fts5(
  name, type, location, breed, color, municipality_code, search_scope,
  content='pets', content_rowid='id',
  tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO pets_search (pets_search) VALUES ('rebuild');
--> statement-breakpoint
-- The values exactly as 'rebuild' reads them from pets (NULL stays NULL), so that a
-- 'delete' always names what the index holds.
CREATE TRIGGER pets_search_insert AFTER INSERT ON pets BEGIN
  INSERT INTO pets_search (rowid, name, type, location, breed, color, municipality_code, search_scope)
  VALUES (NEW.id, NEW.name, NEW.type, NEW.location, NEW.breed, NEW.color, NEW.municipality_code, NEW.search_scope);
END;
--> statement-breakpoint
CREATE TRIGGER pets_search_delete AFTER DELETE ON pets BEGIN
  INSERT INTO pets_search (pets_search, rowid, name, type, location, breed, color, municipality_code, search_scope)
  VALUES ('delete', OLD.id, OLD.name, OLD.type, OLD.location, OLD.breed, OLD.color, OLD.municipality_code, OLD.search_scope);
END;
--> statement-breakpoint
-- search_scope follows status, listed and moderation.
CREATE TRIGGER pets_search_update AFTER UPDATE OF name, type, location, breed, color, municipality_code, status, listed, moderation ON pets BEGIN
  INSERT INTO pets_search (pets_search, rowid, name, type, location, breed, color, municipality_code, search_scope)
  VALUES ('delete', OLD.id, OLD.name, OLD.type, OLD.location, OLD.breed, OLD.color, OLD.municipality_code, OLD.search_scope);
  INSERT INTO pets_search (rowid, name, type, location, breed, color, municipality_code, search_scope)
  VALUES (NEW.id, NEW.name, NEW.type, NEW.location, NEW.breed, NEW.color, NEW.municipality_code, NEW.search_scope);
END;
