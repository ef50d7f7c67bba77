CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "tutor_profiles_listed_idx";--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "next_free_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "next_free_week" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tutor_profiles_listed_idx" ON "tutor_profiles" USING btree ("next_free_at","user_id") WHERE "tutor_profiles"."activated" and ("tutor_profiles"."onboarded_at" is not null or "tutor_profiles"."bypass_onboarding");