-- A student never holds two live (not canceled) subscriptions whose periods overlap: whatever
-- arrives twice or at once (callbacks, syncs, retries, two checkouts), the second one fails here.
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("canceled_at" IS NULL);
