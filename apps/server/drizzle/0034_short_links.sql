CREATE TABLE "short_link_clicks" (
	"link_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "short_link_clicks_link_id_hour_pk" PRIMARY KEY("link_id","hour"),
	CONSTRAINT "short_link_clicks_clicks_check" CHECK ("short_link_clicks"."clicks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "short_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"source" text NOT NULL,
	"label" text,
	"site" text NOT NULL,
	"path" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_name_check" CHECK ("short_links"."name" = lower("short_links"."name") and char_length("short_links"."name") between 2 and 40),
	CONSTRAINT "short_links_source_check" CHECK ("short_links"."source" in ('wa', 'sfb', 'syt', 'sig', 'stt', 'sx', 'mpv', 'mtd')),
	CONSTRAINT "short_links_site_check" CHECK ("short_links"."site" in ('landing', 'web')),
	CONSTRAINT "short_links_path_check" CHECK (left("short_links"."path", 1) = '/' and left("short_links"."path", 2) <> '//' and char_length("short_links"."path") <= 200)
);
--> statement-breakpoint
CREATE TABLE "user_campaigns" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"link_id" integer,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_campaigns_source_check" CHECK ("user_campaigns"."source" in ('wa', 'sfb', 'syt', 'sig', 'stt', 'sx', 'mpv', 'mtd'))
);
--> statement-breakpoint
ALTER TABLE "short_link_clicks" ADD CONSTRAINT "short_link_clicks_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_campaigns" ADD CONSTRAINT "user_campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_campaigns" ADD CONSTRAINT "user_campaigns_link_id_short_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."short_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_name_key" ON "short_links" USING btree ("name");--> statement-breakpoint
CREATE INDEX "user_campaigns_link_idx" ON "user_campaigns" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "user_campaigns_source_idx" ON "user_campaigns" USING btree ("source","created_at");