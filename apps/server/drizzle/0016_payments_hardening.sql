CREATE TABLE "unverified_notification_counts" (
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_excerpt" text DEFAULT '' NOT NULL,
	"last_received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unverified_notification_counts_provider_day_pk" PRIMARY KEY("provider","day")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "attempt_by" integer;--> statement-breakpoint
-- Hand-written (issue 15, payments): unverified notifications are no longer kept in full. Those
-- stored so far become the per-day counts, and their bodies go.
INSERT INTO "unverified_notification_counts" ("provider", "day", "count", "last_excerpt", "last_received_at")
SELECT "provider", ("received_at" AT TIME ZONE 'UTC')::date, count(*), left(max("event_key"), 200), max("received_at")
FROM "payment_notifications" WHERE NOT "verified" GROUP BY 1, 2;--> statement-breakpoint
DELETE FROM "payment_notifications" WHERE NOT "verified";--> statement-breakpoint
-- Hand-written (issue 15, payments): one open order per student. Of several open orders a student
-- already has, all but the newest are closed as Expired (a payment still made on one of them is
-- refunded by the closed-order rule), so the unique index below can be built.
UPDATE "transactions" AS t SET "status" = 4, "failure_reason" = coalesce(t."failure_reason", 'superseded')
WHERE t."status" = 0 AND EXISTS (
  SELECT 1 FROM "transactions" AS n WHERE n."user_id" = t."user_id" AND n."status" = 0 AND n."id" > t."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_open_per_user" ON "transactions" USING btree ("user_id") WHERE "transactions"."status" = 0;