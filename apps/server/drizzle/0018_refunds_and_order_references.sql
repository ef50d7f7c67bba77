CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"refunded_before" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"origin" text NOT NULL,
	"reason" text NOT NULL,
	"last_error" text,
	"provider_refund_id" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0 and "refunds"."refunded_before" >= 0),
	CONSTRAINT "refunds_state_check" CHECK ("refunds"."state" in ('requested', 'done', 'refused', 'in-doubt')),
	CONSTRAINT "refunds_origin_check" CHECK ("refunds"."origin" in ('admin', 'conflict', 'late')),
	CONSTRAINT "refunds_settled_check" CHECK (("refunds"."settled_at" is null) = ("refunds"."state" in ('requested', 'in-doubt')))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_open_per_transaction" ON "refunds" USING btree ("transaction_id") WHERE "refunds"."state" in ('requested', 'in-doubt');--> statement-breakpoint
CREATE INDEX "refunds_transaction_idx" ON "refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_id_key" ON "refunds" USING btree ("transaction_id","provider_refund_id") WHERE "refunds"."provider_refund_id" is not null;--> statement-breakpoint
-- Hand-edited (issue 16, references): the column is added empty and every existing order keeps
-- the reference it was sent with (its row id, as the providers know it); only then do new rows get
-- the default (digit 4 + milliseconds + 5 random digits; checkouts set their own) and NOT NULL.
ALTER TABLE "transactions" ADD COLUMN "order_reference" text;--> statement-breakpoint
UPDATE "transactions" SET "order_reference" = "id"::text WHERE "order_reference" IS NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "order_reference" SET DEFAULT '4' || lpad((floor(extract(epoch from clock_timestamp()) * 1000))::bigint::text, 13, '0') || lpad((floor(random() * 100000))::int::text, 5, '0');--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "order_reference" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_order_reference_key" ON "transactions" USING btree ("order_reference");
