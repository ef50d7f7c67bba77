ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (issue 15, sessions): every change of a password, by any path (own change, reset,
-- an admin, a Google sign-in that drops a stranger's password), ends every session at once: the
-- version the access tokens carry moves on, so tokens of the old one are refused.
CREATE FUNCTION users_bump_session_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
    NEW.session_version := OLD.session_version + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Hand-written (issue 15, sessions): see users_bump_session_version.
CREATE TRIGGER users_session_version_on_password
BEFORE UPDATE OF password_hash ON users
FOR EACH ROW EXECUTE FUNCTION users_bump_session_version();
