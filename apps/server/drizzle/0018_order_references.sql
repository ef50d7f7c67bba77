-- Hand-edited (issue 16, references): the column is added empty and every existing order keeps
-- the reference it was sent with (its row id, as the providers know it); only then do new rows get
-- the default (digit 4 + milliseconds + 5 random digits; checkouts set their own) and NOT NULL.
ALTER TABLE "transactions" ADD COLUMN "order_reference" text;--> statement-breakpoint
UPDATE "transactions" SET "order_reference" = "id"::text WHERE "order_reference" IS NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "order_reference" SET DEFAULT '4' || lpad((floor(extract(epoch from clock_timestamp()) * 1000))::bigint::text, 13, '0') || lpad((floor(random() * 100000))::int::text, 5, '0');--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "order_reference" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_order_reference_key" ON "transactions" USING btree ("order_reference");
