-- Pet search (issue: search on the server). An FTS5 index over the searchable columns
-- with the trigram tokenizer: substring matches, case- and accent-insensitive ("sao
-- paulo" finds "São Paulo"). External content: the text lives once, in pets; triggers
-- keep the index in sync on insert, update and delete.
CREATE VIRTUAL TABLE pets_search USING fts5(
  name, type, location, breed, color,
  content='pets', content_rowid='id',
  tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO pets_search (rowid, name, type, location, breed, color)
  SELECT id, name, type, location, coalesce(breed, ''), coalesce(color, '') FROM pets;
--> statement-breakpoint
CREATE TRIGGER pets_search_insert AFTER INSERT ON pets BEGIN
  INSERT INTO pets_search (rowid, name, type, location, breed, color)
  VALUES (NEW.id, NEW.name, NEW.type, NEW.location, coalesce(NEW.breed, ''), coalesce(NEW.color, ''));
END;
--> statement-breakpoint
CREATE TRIGGER pets_search_delete AFTER DELETE ON pets BEGIN
  INSERT INTO pets_search (pets_search, rowid, name, type, location, breed, color)
  VALUES ('delete', OLD.id, OLD.name, OLD.type, OLD.location, coalesce(OLD.breed, ''), coalesce(OLD.color, ''));
END;
--> statement-breakpoint
CREATE TRIGGER pets_search_update AFTER UPDATE OF name, type, location, breed, color ON pets BEGIN
  INSERT INTO pets_search (pets_search, rowid, name, type, location, breed, color)
  VALUES ('delete', OLD.id, OLD.name, OLD.type, OLD.location, coalesce(OLD.breed, ''), coalesce(OLD.color, ''));
  INSERT INTO pets_search (rowid, name, type, location, breed, color)
  VALUES (NEW.id, NEW.name, NEW.type, NEW.location, coalesce(NEW.breed, ''), coalesce(NEW.color, ''));
END;
