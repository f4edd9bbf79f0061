-- Keeps visit_day_stats exact whatever module writes visits: a stored day holding the old or new check-in or
-- expected time of a changed visit is dropped (recomputed on the next read).
CREATE FUNCTION visit_day_stats_invalidate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM visit_day_stats s WHERE s.company_id = OLD.company_id
      AND ((OLD.visit_at >= s.day_from AND OLD.visit_at < s.day_until)
        OR (OLD.appointment_at >= s.day_from AND OLD.appointment_at < s.day_until));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    DELETE FROM visit_day_stats s WHERE s.company_id = NEW.company_id
      AND ((NEW.visit_at >= s.day_from AND NEW.visit_at < s.day_until)
        OR (NEW.appointment_at >= s.day_from AND NEW.appointment_at < s.day_until));
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_day_stats_invalidate AFTER INSERT OR UPDATE OR DELETE ON visits
  FOR EACH ROW EXECUTE FUNCTION visit_day_stats_invalidate();
