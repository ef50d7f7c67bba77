// Data for the tutors and booking benchmarks (issue 6), written with a few set-based statements
// straight into the bench database after the server has migrated it: listed tutors with weekly
// schedules and lessons this week, students with weekly minutes, and an admin. Only the bench
// uses this; the product's own demo data is apps/server/src/demo/seed.ts.
import { createHmac } from 'node:crypto';

const HALF_HOUR_MS = 30 * 60_000;

/** Saturday 00:00 Cairo of the week holding `now`, and its end, asked of PostgreSQL itself. */
export async function cairoWeek(client) {
  const { rows } = await client.query(
    `select (date_trunc('week', (now() at time zone 'Africa/Cairo') + interval '2 days') - interval '2 days') at time zone 'Africa/Cairo' as start`,
  );
  const start = rows[0].start;
  return { start, end: new Date(start.getTime() + 7 * 24 * 3_600_000) };
}

/**
 * Adds tutors numbered `from`..`to` (1-based). Listed tutors get evening slots, 18:00 to 22:00
 * Cairo, and one lesson this week at 19:00 on a day of their own; `roundTheClock` ones (for the
 * booking benchmark) get 30-minute slots all day, every day, and no lesson.
 */
export async function addTutors(client, { from, to, roundTheClock = false }) {
  const week = await cairoWeek(client);
  await client.query('begin');
  try {
    await client.query(
      `insert into users (name, email, role, email_verified, gender)
       select 'معلم تجريبي ' || g, 'bench-tutor-' || g || '@example.com', 3, true,
              case when g % 2 = 0 then 'female' else 'male' end
       from generate_series($1::int, $2::int) g`,
      [from, to],
    );
    await client.query(
      `insert into tutor_profiles (user_id, bio, activated, bypass_onboarding, notice_period)
       select u.id, 'معلم إنجليزي بخبرة في المحادثة والقواعد', true, true, 30
       from users u where u.email like 'bench-tutor-%' and not exists
         (select 1 from tutor_profiles p where p.user_id = u.id)`,
    );
    await client.query(
      `insert into user_topics (user_id, topic_id)
       select u.id, (select id from topics order by id offset (u.id % (select count(*) from topics)) limit 1)
       from users u where u.email like 'bench-tutor-%' and not exists
         (select 1 from user_topics t where t.user_id = u.id)`,
    );
    const numbered = `select u.id, substring(u.email from 'bench-tutor-(\\d+)@')::int as n
       from users u where u.email like 'bench-tutor-%'`;
    if (roundTheClock) {
      // 48 half hours a day, 7 days.
      await client.query(
        `insert into availability_slots (tutor_id, start_minute, duration)
         select t.id, d * 1440 + h * 30, 30
         from (${numbered}) t, generate_series(0, 6) d, generate_series(0, 47) h
         where t.n between $1 and $2`,
        [from, to],
      );
      await client.query('commit');
      return;
    }
    await client.query(
      `insert into availability_slots (tutor_id, start_minute, duration)
       select t.id, d * 1440 + 1080 + k * 30, 30
       from (${numbered}) t, generate_series(0, 6) d, generate_series(0, 7) k
       where t.n between $1 and $2`,
      [from, to],
    );
    // One lesson a tutor this week, 19:00 Cairo on day (n mod 7), with one student.
    const learner = await benchStudent(client);
    await client.query(
      `with held as (
         insert into appointments (tutor_id, kind, starts_at, ends_at)
         select t.id, 'lesson', $4::timestamptz + ((t.n % 7) * 1440 + 1140) * interval '1 minute',
                $4::timestamptz + ((t.n % 7) * 1440 + 1170) * interval '1 minute'
         from (${numbered}) t where t.n between $1 and $2
         returning id, tutor_id, starts_at)
       insert into lessons (appointment_id, tutor_id, student_id, starts_at, duration)
       select id, tutor_id, $3, starts_at, 30 from held`,
      [from, to, learner, week.start.toISOString()],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function benchStudent(client) {
  const { rows } = await client.query(
    `insert into users (name, email, role, email_verified) values ('طالب تجريبي', $1, 4, true)
     on conflict do nothing returning id`,
    [`bench-student-holder-${Date.now()}@example.com`],
  );
  return rows[0].id;
}

/** Students with 120 weekly minutes each (a live quarter subscription); answers their ids. */
export async function addStudents(client, count) {
  const week = await cairoWeek(client);
  await client.query('begin');
  try {
    const { rows } = await client.query(
      `insert into users (name, email, role, email_verified)
       select 'طالب ' || g, 'bench-student-' || g || '-' || $2 || '@example.com', 4, true
       from generate_series(1, $1::int) g returning id`,
      [count, Date.now()],
    );
    await client.query(
      `insert into subscriptions (user_id, plan_id, period, weekly_minutes, consumed_minutes,
                                  week_started_at, starts_at, ends_at)
       select u, (select min(id) from plans), 1, 120, 0, $2::timestamptz,
              $2::timestamptz - interval '10 days', now() + interval '60 days'
       from unnest($1::int[]) u`,
      [rows.map((row) => row.id), week.start.toISOString()],
    );
    await client.query('commit');
    return rows.map((row) => row.id);
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

export async function addAdmin(client) {
  const { rows } = await client.query(
    `insert into users (name, email, role, email_verified) values ('مشرف القياس', $1, 2, true) returning id`,
    [`bench-admin-${Date.now()}@example.com`],
  );
  return rows[0].id;
}

/** The ids of tutors numbered `from`..`to`, in order. */
export async function tutorIds(client, from, to) {
  const { rows } = await client.query(
    `select u.id from users u where u.email like 'bench-tutor-%'
       and substring(u.email from 'bench-tutor-(\\d+)@')::int between $1 and $2
     order by substring(u.email from 'bench-tutor-(\\d+)@')::int`,
    [from, to],
  );
  return rows.map((row) => row.id);
}

/** Waits until the server's minute job has written every tutor's next free start this week. */
export async function waitForNextFree(client, timeoutMs = 120_000) {
  const week = await cairoWeek(client);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query(
      `select count(*)::int as stale from tutor_profiles where next_free_week is distinct from $1`,
      [week.start],
    );
    if (rows[0].stale === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0].stale} tutors still without next free`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** An access token as the server signs it (HS256 over {id, typ, sv, auth_time, iat, exp}). */
export function accessToken(userId, secret) {
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ id: userId, typ: 'access', sv: 0, auth_time: now, iat: now, exp: now + 3600 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/**
 * Booking starts: for student k, tutor k mod T at the k/T-th half hour from the first half hour
 * at least 45 minutes ahead (past the 30-minute notice). Null when the Cairo week has not enough
 * time left for `rounds` half hours.
 */
export function bookingStarts(week, rounds, now = new Date()) {
  const first = Math.ceil((now.getTime() + 45 * 60_000) / HALF_HOUR_MS) * HALF_HOUR_MS;
  if (first + rounds * HALF_HOUR_MS > week.end.getTime()) return null;
  return Array.from({ length: rounds }, (_, round) => new Date(first + round * HALF_HOUR_MS));
}
