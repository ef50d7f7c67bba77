CREATE TABLE "appointments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tutor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_time_check" CHECK ("appointments"."ends_at" > "appointments"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "availability_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tutor_id" integer NOT NULL,
	"start_minute" smallint NOT NULL,
	"duration" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_slots_minutes_check" CHECK ("availability_slots"."start_minute" >= 0 and "availability_slots"."start_minute" % 15 = 0 and "availability_slots"."duration" in (15, 30) and "availability_slots"."start_minute" + "availability_slots"."duration" <= 10080)
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"appointment_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"subscription_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"duration" smallint NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"canceled_by" text,
	"canceled_at" timestamp with time zone,
	"quota_week_start" timestamp with time zone,
	"minutes_returned" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_duration_check" CHECK ("lessons"."duration" in (15, 30)),
	CONSTRAINT "lessons_price_check" CHECK ("lessons"."price" >= 0),
	CONSTRAINT "lessons_cancel_check" CHECK (("lessons"."status" = 'cancelled') = ("lessons"."canceled_at" is not null) and ("lessons"."canceled_at" is null) = ("lessons"."canceled_by" is null)),
	CONSTRAINT "lessons_minutes_returned_check" CHECK ("lessons"."minutes_returned" between 0 and "lessons"."duration")
);
--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "video" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "thumbnail" text;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "activated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "notice_period" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "bypass_onboarding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_tutor_time_idx" ON "appointments" USING btree ("tutor_id","starts_at");--> statement-breakpoint
CREATE INDEX "availability_slots_tutor_idx" ON "availability_slots" USING btree ("tutor_id","start_minute");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_appointment_key" ON "lessons" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "lessons_student_start_idx" ON "lessons" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_tutor_start_idx" ON "lessons" USING btree ("tutor_id","starts_at");--> statement-breakpoint
CREATE INDEX "tutor_profiles_listed_idx" ON "tutor_profiles" USING btree ("user_id") WHERE "tutor_profiles"."activated" and ("tutor_profiles"."onboarded_at" is not null or "tutor_profiles"."bypass_onboarding");--> statement-breakpoint
ALTER TABLE "tutor_profiles" ADD CONSTRAINT "tutor_profiles_notice_check" CHECK ("tutor_profiles"."notice_period" between 0 and 10080);