-- Counters kept by triggers: the home page reads one small table instead of counting
-- whole tables on every visit.
INSERT INTO counters (key, value) VALUES
  ('pets', (SELECT count(*) FROM pets)),
  ('pets:perdido', (SELECT count(*) FROM pets WHERE status = 'perdido')),
  ('pets:encontrado', (SELECT count(*) FROM pets WHERE status = 'encontrado')),
  ('pets:adocao', (SELECT count(*) FROM pets WHERE status = 'adocao')),
  ('pets:avistado', (SELECT count(*) FROM pets WHERE status = 'avistado')),
  ('products', (SELECT count(*) FROM products)),
  ('organizations', (SELECT count(*) FROM organizations)),
  ('clinics', (SELECT count(*) FROM clinics)),
  ('events', (SELECT count(*) FROM events));
--> statement-breakpoint
CREATE TRIGGER pets_counters_insert AFTER INSERT ON pets BEGIN
  UPDATE counters SET value = value + 1 WHERE key IN ('pets', 'pets:' || NEW.status);
END;
--> statement-breakpoint
CREATE TRIGGER pets_counters_delete AFTER DELETE ON pets BEGIN
  UPDATE counters SET value = value - 1 WHERE key IN ('pets', 'pets:' || OLD.status);
END;
--> statement-breakpoint
CREATE TRIGGER pets_counters_status AFTER UPDATE OF status ON pets
WHEN OLD.status <> NEW.status BEGIN
  UPDATE counters SET value = value - 1 WHERE key = 'pets:' || OLD.status;
  UPDATE counters SET value = value + 1 WHERE key = 'pets:' || NEW.status;
END;
--> statement-breakpoint
CREATE TRIGGER products_counters_insert AFTER INSERT ON products BEGIN
  UPDATE counters SET value = value + 1 WHERE key = 'products';
END;
--> statement-breakpoint
CREATE TRIGGER products_counters_delete AFTER DELETE ON products BEGIN
  UPDATE counters SET value = value - 1 WHERE key = 'products';
END;
--> statement-breakpoint
CREATE TRIGGER organizations_counters_insert AFTER INSERT ON organizations BEGIN
  UPDATE counters SET value = value + 1 WHERE key = 'organizations';
END;
--> statement-breakpoint
CREATE TRIGGER organizations_counters_delete AFTER DELETE ON organizations BEGIN
  UPDATE counters SET value = value - 1 WHERE key = 'organizations';
END;
--> statement-breakpoint
CREATE TRIGGER clinics_counters_insert AFTER INSERT ON clinics BEGIN
  UPDATE counters SET value = value + 1 WHERE key = 'clinics';
END;
--> statement-breakpoint
CREATE TRIGGER clinics_counters_delete AFTER DELETE ON clinics BEGIN
  UPDATE counters SET value = value - 1 WHERE key = 'clinics';
END;
--> statement-breakpoint
CREATE TRIGGER events_counters_insert AFTER INSERT ON events BEGIN
  UPDATE counters SET value = value + 1 WHERE key = 'events';
END;
--> statement-breakpoint
CREATE TRIGGER events_counters_delete AFTER DELETE ON events BEGIN
  UPDATE counters SET value = value - 1 WHERE key = 'events';
END;
