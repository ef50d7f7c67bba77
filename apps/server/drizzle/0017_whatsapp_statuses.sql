CREATE TABLE "whatsapp_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"wamid" text NOT NULL,
	"user_id" integer,
	"purpose" text,
	"code_id" integer,
	"phone" text,
	"lesson_id" integer,
	"reminder" text,
	"lesson_starts_at" timestamp with time zone,
	"state" text DEFAULT 'accepted' NOT NULL,
	"error_code" integer,
	"error_title" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure_handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_state_check" CHECK ("whatsapp_messages"."state" in ('accepted', 'sent', 'delivered', 'read', 'failed')),
	CONSTRAINT "whatsapp_messages_purpose_check" CHECK ("whatsapp_messages"."purpose" is null or "whatsapp_messages"."purpose" in ('code', 'reminder'))
);
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_key" ON "whatsapp_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_user_idx" ON "whatsapp_messages" USING btree ("user_id","purpose","created_at");