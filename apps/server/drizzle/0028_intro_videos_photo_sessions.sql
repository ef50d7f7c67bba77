CREATE TABLE "intro_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intro_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tutor_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" text,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"duration_ms" integer NOT NULL,
	"video" text NOT NULL,
	"thumbnail" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intro_videos_status_check" CHECK ("intro_videos"."status" in (1, 2, 3)),
	CONSTRAINT "intro_videos_duration_check" CHECK ("intro_videos"."duration_ms" > 0),
	CONSTRAINT "intro_videos_bytes_check" CHECK ("intro_videos"."bytes" >= 0),
	CONSTRAINT "intro_videos_review_check" CHECK (("intro_videos"."status" = 2) = ("intro_videos"."reason" is not null) and ("intro_videos"."status" = 1) = ("intro_videos"."reviewed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "photo_sessions" (
	"tutor_id" integer PRIMARY KEY NOT NULL,
	"studio_id" integer,
	"image" text,
	"video" text,
	"thumbnail" text,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intro_videos" ADD CONSTRAINT "intro_videos_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_videos" ADD CONSTRAINT "intro_videos_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_studio_id_users_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "intro_videos_tutor_key" ON "intro_videos" USING btree ("tutor_id");--> statement-breakpoint
CREATE INDEX "intro_videos_status_idx" ON "intro_videos" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "photo_sessions_studio_idx" ON "photo_sessions" USING btree ("studio_id","tutor_id");