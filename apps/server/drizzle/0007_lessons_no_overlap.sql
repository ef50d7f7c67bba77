-- A tutor never holds two overlapping live appointments (lessons, interviews, demo sessions),
-- whatever the concurrency: the second insert fails here, not only in a check before it.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("tutor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("released_at" IS NULL);
--> statement-breakpoint
-- Two slots of a tutor's weekly schedule never overlap (minutes from Saturday 00:00 Cairo).
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_no_overlap"
  EXCLUDE USING gist ("tutor_id" WITH =, int4range("start_minute", "start_minute" + "duration") WITH &&);
