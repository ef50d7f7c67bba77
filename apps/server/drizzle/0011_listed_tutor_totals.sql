CREATE TABLE "listed_tutor_keys" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"gender" text NOT NULL,
	"free_only" boolean NOT NULL,
	CONSTRAINT "listed_tutor_keys_user_id_topic_id_gender_free_only_pk" PRIMARY KEY("user_id","topic_id","gender","free_only")
);
--> statement-breakpoint
CREATE TABLE "listed_tutor_totals" (
	"topic_id" integer NOT NULL,
	"gender" text NOT NULL,
	"free_only" boolean NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listed_tutor_totals_topic_id_gender_free_only_pk" PRIMARY KEY("topic_id","gender","free_only")
);
--> statement-breakpoint
-- The filter sets a tutor is counted in now (see listed_tutor_totals): none unless the tutor is
-- listed (a tutor, activated, onboarded or let through); else every combination of any topic or
-- one of the tutor's, any gender or the tutor's, any time or free this week. "Free this week" is
-- a stored next free start, the same test the list's filter makes.
CREATE FUNCTION listed_tutor_keys_of(tutor integer)
RETURNS TABLE (topic_id integer, gender text, free_only boolean)
LANGUAGE sql STABLE AS $$
  SELECT t.topic_id, g.gender, f.free_only
  FROM users u
  JOIN tutor_profiles p ON p.user_id = u.id
  CROSS JOIN LATERAL (
    SELECT 0 UNION ALL SELECT ut.topic_id FROM user_topics ut WHERE ut.user_id = u.id
  ) AS t(topic_id)
  CROSS JOIN LATERAL (
    SELECT '' UNION ALL SELECT u.gender WHERE u.gender IS NOT NULL
  ) AS g(gender)
  CROSS JOIN LATERAL (
    SELECT false UNION ALL SELECT true WHERE p.next_free_at IS NOT NULL
  ) AS f(free_only)
  WHERE u.id = tutor AND u.role = 3 AND p.activated
    AND (p.onboarded_at IS NOT NULL OR p.bypass_onboarding)
$$;
--> statement-breakpoint
-- Brings one tutor's share of the totals in line with the tutor's rows as they are now, so it is
-- right whatever changed and in whatever order (a cascade, several statements). A lock per tutor
-- makes concurrent changes of one tutor take turns (each then reads the other's committed rows),
-- and the counters are changed in key order, so two transactions never wait on each other's.
CREATE FUNCTION recount_listed_tutor(tutor integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  PERFORM pg_advisory_xact_lock(7246011, tutor);
  FOR change IN
    SELECT coalesce(now_in.topic_id, was_in.topic_id) AS topic_id,
           coalesce(now_in.gender, was_in.gender) AS gender,
           coalesce(now_in.free_only, was_in.free_only) AS free_only,
           now_in.topic_id IS NOT NULL AS joins
    FROM (SELECT k.topic_id, k.gender, k.free_only FROM listed_tutor_keys k WHERE k.user_id = tutor) AS was_in
    FULL JOIN listed_tutor_keys_of(tutor) AS now_in
      ON now_in.topic_id = was_in.topic_id AND now_in.gender = was_in.gender
        AND now_in.free_only = was_in.free_only
    WHERE was_in.topic_id IS NULL OR now_in.topic_id IS NULL
    ORDER BY 1, 2, 3
  LOOP
    IF change.joins THEN
      INSERT INTO listed_tutor_keys (user_id, topic_id, gender, free_only)
        VALUES (tutor, change.topic_id, change.gender, change.free_only);
      INSERT INTO listed_tutor_totals AS counter (topic_id, gender, free_only, total)
        VALUES (change.topic_id, change.gender, change.free_only, 1)
        ON CONFLICT (topic_id, gender, free_only) DO UPDATE SET total = counter.total + 1;
    ELSE
      DELETE FROM listed_tutor_keys k
        WHERE k.user_id = tutor AND k.topic_id = change.topic_id AND k.gender = change.gender
          AND k.free_only = change.free_only;
      UPDATE listed_tutor_totals counter SET total = counter.total - 1
        WHERE counter.topic_id = change.topic_id AND counter.gender = change.gender
          AND counter.free_only = change.free_only;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION listed_tutor_user_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM recount_listed_tutor(OLD.id);
  ELSE
    PERFORM recount_listed_tutor(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- tutor_profiles and user_topics both name the tutor user_id.
CREATE FUNCTION listed_tutor_row_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM recount_listed_tutor(OLD.user_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id) THEN
    PERFORM recount_listed_tutor(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listed_tutor_totals_users_update AFTER UPDATE OF role, gender ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.gender IS DISTINCT FROM NEW.gender)
  EXECUTE FUNCTION listed_tutor_user_changed();
--> statement-breakpoint
CREATE TRIGGER listed_tutor_totals_users_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION listed_tutor_user_changed();
--> statement-breakpoint
CREATE TRIGGER listed_tutor_totals_profiles_insert_delete AFTER INSERT OR DELETE ON tutor_profiles
  FOR EACH ROW EXECUTE FUNCTION listed_tutor_row_changed();
--> statement-breakpoint
-- Only what decides listing or "free this week": a booking that moves the next free start
-- within the week (the usual case) touches no counter.
CREATE TRIGGER listed_tutor_totals_profiles_update AFTER UPDATE ON tutor_profiles
  FOR EACH ROW WHEN (
    OLD.activated IS DISTINCT FROM NEW.activated
    OR (OLD.onboarded_at IS NULL) <> (NEW.onboarded_at IS NULL)
    OR OLD.bypass_onboarding IS DISTINCT FROM NEW.bypass_onboarding
    OR (OLD.next_free_at IS NULL) <> (NEW.next_free_at IS NULL)
  )
  EXECUTE FUNCTION listed_tutor_row_changed();
--> statement-breakpoint
CREATE TRIGGER listed_tutor_totals_topics AFTER INSERT OR UPDATE OR DELETE ON user_topics
  FOR EACH ROW EXECUTE FUNCTION listed_tutor_row_changed();
--> statement-breakpoint
-- Tutors listed before this migration.
SELECT recount_listed_tutor(p.user_id) FROM tutor_profiles p ORDER BY p.user_id;
