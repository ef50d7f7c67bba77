CREATE TABLE "telegram_links" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"pending_phone" text,
	"pending_chat_id" bigint,
	"pending_telegram_user_id" bigint,
	"chat_id" bigint,
	"telegram_user_id" bigint,
	"phone" text,
	"linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_links_token_check" CHECK (("telegram_links"."token_hash" is null) = ("telegram_links"."token_expires_at" is null) and ("telegram_links"."token_hash" is null) = ("telegram_links"."pending_phone" is null)),
	CONSTRAINT "telegram_links_pending_check" CHECK ("telegram_links"."token_hash" is not null or ("telegram_links"."pending_chat_id" is null and "telegram_links"."pending_telegram_user_id" is null)),
	CONSTRAINT "telegram_links_linked_check" CHECK (("telegram_links"."chat_id" is null) = ("telegram_links"."phone" is null) and ("telegram_links"."chat_id" is null) = ("telegram_links"."linked_at" is null) and ("telegram_links"."chat_id" is null) = ("telegram_links"."telegram_user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_links_token_hash_key" ON "telegram_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_links_pending_chat_key" ON "telegram_links" USING btree ("pending_chat_id");--> statement-breakpoint
CREATE INDEX "telegram_links_chat_idx" ON "telegram_links" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "telegram_updates_received_idx" ON "telegram_updates" USING btree ("received_at");