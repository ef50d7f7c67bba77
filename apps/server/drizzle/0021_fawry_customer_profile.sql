-- Hand-edited (saved Fawry cards keyed by row id): the users of before keep their row id as their
-- Fawry customerProfileId, since Fawry keeps their saved cards under it; users created from now
-- on have none until payments gives them one on first use (19 digits, never a row id).
ALTER TABLE "users" ADD COLUMN "fawry_customer_profile_id" text;--> statement-breakpoint
UPDATE "users" SET "fawry_customer_profile_id" = "id"::text WHERE "fawry_customer_profile_id" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_fawry_customer_profile_id_key" UNIQUE("fawry_customer_profile_id");
