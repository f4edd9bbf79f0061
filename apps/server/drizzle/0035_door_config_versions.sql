CREATE TABLE "door_config_versions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "door_config_versions" ADD CONSTRAINT "door_config_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raises the company's door configuration version on any change a door's decision reads (doors.config.ts caches that
-- configuration per process and reads only this number per scan). A delete never inserts: a company being deleted
-- cascades here, and its version row goes with it.
CREATE FUNCTION door_config_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE door_config_versions SET version = version + 1 WHERE company_id = OLD.company_id;
  ELSE
    INSERT INTO door_config_versions AS d (company_id, version) VALUES (NEW.company_id, 1)
      ON CONFLICT (company_id) DO UPDATE SET version = d.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION door_config_bump_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO door_config_versions AS d (company_id, version) VALUES (NEW.id, 1)
    ON CONFLICT (company_id) DO UPDATE SET version = d.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER UPDATE OF settings ON companies
  FOR EACH ROW WHEN (OLD.settings IS DISTINCT FROM NEW.settings) EXECUTE FUNCTION door_config_bump_company();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON gates FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON gate_pass_ways FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON device_groups FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON device_group_devices FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON visitor_type_device_groups FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON holidays FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON pass_rules FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON pass_configs FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON pass_config_groups FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
CREATE TRIGGER door_config_bump AFTER INSERT OR UPDATE OR DELETE ON pass_config_visitor_types FOR EACH ROW EXECUTE FUNCTION door_config_bump();
--> statement-breakpoint
INSERT INTO door_config_versions (company_id, version) SELECT id, 1 FROM companies;
