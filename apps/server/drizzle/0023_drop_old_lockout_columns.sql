ALTER TABLE "companies" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "super_accounts" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "super_accounts" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "sub_accounts" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "sub_accounts" DROP COLUMN "locked_until";