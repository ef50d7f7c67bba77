CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"credit_score" integer DEFAULT 0 NOT NULL,
	"notification_method" text DEFAULT 'none' NOT NULL,
	"birth_year" smallint,
	"gender" text,
	"image" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"phone" text,
	"role" smallint NOT NULL,
	"city" smallint,
	"job" text,
	"level" smallint,
	"aim" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_key" UNIQUE("phone"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" between 1 and 6),
	CONSTRAINT "users_city_check" CHECK ("users"."city" between 1 and 30),
	CONSTRAINT "users_level_check" CHECK ("users"."level" between 1 and 6),
	CONSTRAINT "users_notification_method_check" CHECK ("users"."notification_method" in ('whatsapp', 'telegram', 'none')),
	CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('male', 'female'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));