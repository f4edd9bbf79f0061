ALTER TABLE "pass_config_groups" DROP CONSTRAINT "pass_config_groups_group_id_device_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "pass_config_groups" ADD CONSTRAINT "pass_config_groups_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE restrict ON UPDATE no action;