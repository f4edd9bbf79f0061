-- Tells every server process listening on 'visits_onsite' (the live on-site board) when someone arrives on or leaves
-- the site, whatever module or job wrote the visit. Delivered at commit; the payload names only ids.
CREATE FUNCTION visits_onsite_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.visit_at IS NOT NULL AND OLD.sign_out_at IS NULL;
  now_on boolean := TG_OP <> 'DELETE' AND NEW.visit_at IS NOT NULL AND NEW.sign_out_at IS NULL;
  r visits;
BEGIN
  IF was = now_on THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('visits_onsite', json_build_object(
    'companyId', r.company_id, 'subAccountId', r.sub_account_id, 'gid', r.gid, 'vid', r.id,
    'kind', r.kind, 'move', CASE WHEN now_on THEN 'in' ELSE 'out' END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_onsite_notify AFTER INSERT OR UPDATE OF visit_at, sign_out_at OR DELETE ON visits
  FOR EACH ROW EXECUTE FUNCTION visits_onsite_notify();
