ALTER TABLE "refunds" ADD COLUMN "settled_by" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settle_note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;