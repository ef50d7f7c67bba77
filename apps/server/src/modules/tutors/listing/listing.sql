-- The tutor listing's database code, as it is now (a living file, db/living-sql.ts): applied
-- again after the migrations on every start, so every statement here is idempotent. Change the
-- code here, never in a new migration; drizzle/0011 and 0012 created the first versions.
-- {{listed_tutor}} is the rule of db/listed-tutor.ts (the role, activated, onboarded or let
-- through), over the tables `users` and `tutor_profiles` by their own names.

-- The filter sets a tutor is counted in now (see listed_tutor_totals): none unless the tutor is
-- listed; else every combination of any topic or one of the tutor's, any gender or the tutor's,
-- any time or free this week. "Free this week" is a stored next free start, the same test the
-- list's filter makes.
CREATE OR REPLACE FUNCTION listed_tutor_keys_of(tutor integer)
RETURNS TABLE (topic_id integer, gender text, free_only boolean)
LANGUAGE sql STABLE AS $$
  SELECT t.topic_id, g.gender, f.free_only
  FROM users
  JOIN tutor_profiles ON tutor_profiles.user_id = users.id
  CROSS JOIN LATERAL (
    SELECT 0 UNION ALL SELECT ut.topic_id FROM user_topics ut WHERE ut.user_id = users.id
  ) AS t(topic_id)
  CROSS JOIN LATERAL (
    SELECT '' UNION ALL SELECT users.gender WHERE users.gender IS NOT NULL
  ) AS g(gender)
  CROSS JOIN LATERAL (
    SELECT false UNION ALL SELECT true WHERE tutor_profiles.next_free_at IS NOT NULL
  ) AS f(free_only)
  WHERE users.id = tutor AND {{listed_tutor}}
$$;
--> statement-breakpoint
-- Brings one tutor's share of the totals in line with the tutor's rows as they are now, so it is
-- right whatever changed and in whatever order (a cascade, several statements). A lock per tutor
-- makes concurrent changes of one tutor take turns (each then reads the other's committed rows),
-- and the counters are changed in key order, so two transactions never wait on each other's.
CREATE OR REPLACE FUNCTION recount_listed_tutor(tutor integer) RETURNS void
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
CREATE OR REPLACE FUNCTION listed_tutor_user_changed() RETURNS trigger
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
CREATE OR REPLACE FUNCTION listed_tutor_row_changed() RETURNS trigger
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
DROP TRIGGER IF EXISTS listed_tutor_totals_users_update ON users;
--> statement-breakpoint
CREATE TRIGGER listed_tutor_totals_users_update AFTER UPDATE OF role, gender ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.gender IS DISTINCT FROM NEW.gender)
  EXECUTE FUNCTION listed_tutor_user_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_tutor_totals_users_delete ON users;
--> statement-breakpoint
CREATE TRIGGER listed_tutor_totals_users_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION listed_tutor_user_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_tutor_totals_profiles_insert_delete ON tutor_profiles;
--> statement-breakpoint
CREATE TRIGGER listed_tutor_totals_profiles_insert_delete AFTER INSERT OR DELETE ON tutor_profiles
  FOR EACH ROW EXECUTE FUNCTION listed_tutor_row_changed();
--> statement-breakpoint
-- Only what decides listing or "free this week": a booking that moves the next free start
-- within the week (the usual case) touches no counter.
DROP TRIGGER IF EXISTS listed_tutor_totals_profiles_update ON tutor_profiles;
--> statement-breakpoint
CREATE TRIGGER listed_tutor_totals_profiles_update AFTER UPDATE ON tutor_profiles
  FOR EACH ROW WHEN (
    OLD.activated IS DISTINCT FROM NEW.activated
    OR (OLD.onboarded_at IS NULL) <> (NEW.onboarded_at IS NULL)
    OR OLD.bypass_onboarding IS DISTINCT FROM NEW.bypass_onboarding
    OR (OLD.next_free_at IS NULL) <> (NEW.next_free_at IS NULL)
  )
  EXECUTE FUNCTION listed_tutor_row_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_tutor_totals_topics ON user_topics;
--> statement-breakpoint
CREATE TRIGGER listed_tutor_totals_topics AFTER INSERT OR UPDATE OR DELETE ON user_topics
  FOR EACH ROW EXECUTE FUNCTION listed_tutor_row_changed();
--> statement-breakpoint
-- A tutor's rating count and sum (the card's stars, the "rating" sort) follow the ratings table,
-- whichever way it changes, in the transaction that changes it (the profile row's lock orders
-- concurrent ratings of one tutor).
CREATE OR REPLACE FUNCTION tutor_rating_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE tutor_profiles
      SET rating_count = rating_count - 1, rating_sum = rating_sum - OLD.value
      WHERE user_id = OLD.ratee_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE tutor_profiles
      SET rating_count = rating_count + 1, rating_sum = rating_sum + NEW.value
      WHERE user_id = NEW.ratee_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tutor_rating_totals ON ratings;
--> statement-breakpoint
CREATE TRIGGER tutor_rating_totals AFTER INSERT OR DELETE OR UPDATE OF value, ratee_id ON ratings
  FOR EACH ROW EXECUTE FUNCTION tutor_rating_changed();
