CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"method" smallint NOT NULL,
	"receiver" text,
	"bank" text,
	"amount" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"admin_note" text,
	"receipt_image" text,
	"addressed_by" integer,
	"phone" text,
	"account_number" text,
	"username" text,
	"instapay_address" text,
	"updated_by_receiver" boolean DEFAULT false NOT NULL,
	"cancellation_requested" boolean DEFAULT false NOT NULL,
	"requested_change" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount" > 0),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" between 0 and 4),
	CONSTRAINT "invoices_method_check" CHECK ("invoices"."method" between 0 and 2),
	CONSTRAINT "invoices_receipt_check" CHECK ("invoices"."status" <> 3 or "invoices"."receipt_image" is not null)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tutor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"lesson_id" integer,
	"invoice_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK (("ledger_entries"."kind" in ('lesson', 'lesson-reversal') and "ledger_entries"."lesson_id" is not null and "ledger_entries"."invoice_id" is null)
        or ("ledger_entries"."kind" in ('withdrawal', 'withdrawal-release') and "ledger_entries"."invoice_id" is not null and "ledger_entries"."lesson_id" is null)),
	CONSTRAINT "ledger_entries_sign_check" CHECK (("ledger_entries"."kind" in ('lesson', 'withdrawal-release') and "ledger_entries"."amount" >= 0)
        or ("ledger_entries"."kind" in ('lesson-reversal', 'withdrawal') and "ledger_entries"."amount" <= 0))
);
--> statement-breakpoint
CREATE TABLE "tutor_balances" (
	"tutor_id" integer PRIMARY KEY NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"withdrawn" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_balances_withdrawn_check" CHECK ("tutor_balances"."withdrawn" >= 0),
	CONSTRAINT "tutor_balances_pending_check" CHECK ("tutor_balances"."pending" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_addressed_by_users_id_fk" FOREIGN KEY ("addressed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_balances" ADD CONSTRAINT "tutor_balances_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_user_created_idx" ON "invoices" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_receipt_key" ON "invoices" USING btree ("receipt_image");--> statement-breakpoint
CREATE INDEX "ledger_entries_tutor_idx" ON "ledger_entries" USING btree ("tutor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_lesson_kind_key" ON "ledger_entries" USING btree ("lesson_id","kind") WHERE "ledger_entries"."lesson_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice_idx" ON "ledger_entries" USING btree ("invoice_id");--> statement-breakpoint
-- The ledger is append-only (decision 318): a wrong entry is undone by a reversing entry.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or deleted: add a reversing entry'
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
-- Lessons fulfilled before earnings existed are credited now, at the rate of decision 318
-- (TUTOR_RATE_PIASTERS_PER_MINUTE = 200), dated at their end.
UPDATE "lessons" SET "price" = ("duration" - "minutes_returned") * 200 WHERE "status" = 'fulfilled';--> statement-breakpoint
INSERT INTO "ledger_entries" ("tutor_id", "kind", "amount", "lesson_id", "created_at")
  SELECT "tutor_id", 'lesson', "price", "id", "starts_at" + "duration" * interval '1 minute'
  FROM "lessons" WHERE "status" = 'fulfilled';--> statement-breakpoint
INSERT INTO "tutor_balances" ("tutor_id", "earned")
  SELECT "tutor_id", sum("amount") FROM "ledger_entries" GROUP BY "tutor_id";
