CREATE TABLE "demo_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tutor_id" integer NOT NULL,
	"tutor_manager_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"feedback" text,
	"note" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_sessions_status_check" CHECK ("demo_sessions"."status" between 1 and 6),
	CONSTRAINT "demo_sessions_closed_check" CHECK (("demo_sessions"."status" = 1) = ("demo_sessions"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"interviewee_id" integer NOT NULL,
	"interviewer_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"feedback" text,
	"note" text,
	"level" smallint,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" between 1 and 5),
	CONSTRAINT "interviews_level_check" CHECK ("interviews"."level" between 1 and 6),
	CONSTRAINT "interviews_closed_check" CHECK (("interviews"."status" = 1) = ("interviews"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "demo_sessions" ADD CONSTRAINT "demo_sessions_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_sessions" ADD CONSTRAINT "demo_sessions_tutor_manager_id_users_id_fk" FOREIGN KEY ("tutor_manager_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_sessions" ADD CONSTRAINT "demo_sessions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewee_id_users_id_fk" FOREIGN KEY ("interviewee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewer_id_users_id_fk" FOREIGN KEY ("interviewer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demo_sessions_appointment_key" ON "demo_sessions" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_sessions_one_pending_key" ON "demo_sessions" USING btree ("tutor_id") WHERE "demo_sessions"."status" = 1;--> statement-breakpoint
CREATE INDEX "demo_sessions_tutor_idx" ON "demo_sessions" USING btree ("tutor_id","starts_at");--> statement-breakpoint
CREATE INDEX "demo_sessions_manager_idx" ON "demo_sessions" USING btree ("tutor_manager_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "interviews_appointment_key" ON "interviews" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interviews_one_pending_key" ON "interviews" USING btree ("interviewee_id") WHERE "interviews"."status" = 1;--> statement-breakpoint
CREATE INDEX "interviews_interviewee_idx" ON "interviews" USING btree ("interviewee_id","starts_at");--> statement-breakpoint
CREATE INDEX "interviews_interviewer_idx" ON "interviews" USING btree ("interviewer_id","starts_at");