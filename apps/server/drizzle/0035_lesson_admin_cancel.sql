ALTER TABLE "lessons" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "canceled_by_admin_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_canceled_by_admin_id_users_id_fk" FOREIGN KEY ("canceled_by_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_start_idx" ON "lessons" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_admin_cancel_check" CHECK (("lessons"."canceled_by_admin_id" is null or "lessons"."cancel_reason" is not null) and ("lessons"."cancel_reason" is null or ("lessons"."status" = 'cancelled' and "lessons"."canceled_by" in ('tutor', 'student'))));