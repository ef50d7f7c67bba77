CREATE TABLE "session_attendance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "session_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_attendance_event_check" CHECK ("session_attendance"."event" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_attendance_lesson_idx" ON "session_attendance" USING btree ("lesson_id","at");--> statement-breakpoint
-- Until now a lesson's status was read from the clock; from here it is stored (decision 287).
-- Lessons already over were taken: fulfilled. Lessons still to come get their attendance jobs.
UPDATE "lessons" SET "status" = 'fulfilled', "updated_at" = now()
  WHERE "status" = 'pending' AND "starts_at" + "duration" * interval '1 minute' <= now();--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
  SELECT 'lessons.no-show', "id"::text,
         jsonb_build_object('lessonId', "id", 'start', to_jsonb("starts_at")),
         "starts_at" + interval '10 minutes'
    FROM "lessons" WHERE "status" = 'pending'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
  SELECT 'lessons.close', "id"::text,
         jsonb_build_object('lessonId', "id", 'start', to_jsonb("starts_at")),
         "starts_at" + "duration" * interval '1 minute'
    FROM "lessons" WHERE "status" = 'pending'
  ON CONFLICT DO NOTHING;
