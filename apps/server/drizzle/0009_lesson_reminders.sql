CREATE TABLE "lesson_reminders_sent" (
	"lesson_id" integer NOT NULL,
	"reminder" text NOT NULL,
	"user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_reminders_sent_reminder_check" CHECK ("lesson_reminders_sent"."reminder" in ('day', 'hour'))
);
--> statement-breakpoint
ALTER TABLE "lesson_reminders_sent" ADD CONSTRAINT "lesson_reminders_sent_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reminders_sent" ADD CONSTRAINT "lesson_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_reminders_sent_key" ON "lesson_reminders_sent" USING btree ("lesson_id","reminder","user_id","starts_at");