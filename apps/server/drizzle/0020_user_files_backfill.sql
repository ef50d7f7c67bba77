-- Profile images stored before 0014_user_files have no row in user_files, so the per-user
-- allowance (and any sweep that trusts the table) does not see them. Their sizes are in no column:
-- only the file store knows them, and SQL cannot read it (disk here, object storage elsewhere).
-- So this schedules the durable job `assets.record-old-images` (modules/assets/old-images.ts),
-- which measures each such file through the store and records it; only when there is one.
-- docs/decisions/241-old-images-counted.md
INSERT INTO "jobs" ("kind", "key", "payload", "run_at", "max_attempts")
SELECT 'assets.record-old-images', 'backfill', '{}'::jsonb, now(), 10
WHERE EXISTS (
	SELECT 1 FROM "users" "u"
	WHERE "u"."image" IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM "user_files" "f" WHERE "f"."name" = "u"."image")
)
ON CONFLICT ("kind", "key") WHERE "key" IS NOT NULL AND "done_at" IS NULL AND "canceled_at" IS NULL
DO NOTHING;
