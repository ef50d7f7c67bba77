CREATE TABLE "ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rater_id" integer NOT NULL,
	"ratee_id" integer NOT NULL,
	"value" smallint NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_value_check" CHECK ("ratings"."value" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "rating_average" double precision GENERATED ALWAYS AS ((round(rating_sum::numeric / nullif(rating_count, 0), 1))::double precision) STORED;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_rater_ratee_key" ON "ratings" USING btree ("rater_id","ratee_id");--> statement-breakpoint
CREATE INDEX "ratings_ratee_newest_idx" ON "ratings" USING btree ("ratee_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tutor_profiles_listed_rating_idx" ON "tutor_profiles" USING btree ("rating_average" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"user_id") WHERE "tutor_profiles"."activated" and ("tutor_profiles"."onboarded_at" is not null or "tutor_profiles"."bypass_onboarding");--> statement-breakpoint
-- A tutor's rating count and sum follow the ratings table, whichever way it changes, in the
-- transaction that changes it (the profile row's lock orders concurrent ratings of one tutor).
CREATE FUNCTION tutor_rating_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE tutor_profiles
      SET rating_count = rating_count - 1, rating_sum = rating_sum - OLD.value
      WHERE user_id = OLD.ratee_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE tutor_profiles
      SET rating_count = rating_count + 1, rating_sum = rating_sum + NEW.value
      WHERE user_id = NEW.ratee_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tutor_rating_totals AFTER INSERT OR DELETE OR UPDATE OF value, ratee_id ON ratings
  FOR EACH ROW EXECUTE FUNCTION tutor_rating_changed();
