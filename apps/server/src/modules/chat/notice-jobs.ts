/**
 * The offline notices' jobs as the storing statement schedules them (notices.ts runs them;
 * docs/decisions/271-chat-offline-notifications.md).
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { DEFAULT_MAX_ATTEMPTS } from '../../jobs';
import { chatMembers } from '../../db/schema';

export const CHAT_NOTICE_JOB = 'chat.notify-offline';

/** How long a member has to read a message before they are notified of it. */
export const CHAT_NOTICE_QUIET_MS = 2 * 60_000;

/**
 * The notice jobs of the messages in `stored` (a relation of the statement with room_id and
 * sender_id): one per other member of each room who has not muted it, keyed by (room, member),
 * as rows for `jobsKeepingPending` (the first message of a burst sets the time).
 */
export const noticeJobRows = (stored: SQL): SQL => sql`
  select ${CHAT_NOTICE_JOB}::text as kind,
      s.room_id::text || ':' || m.user_id::text as key,
      ${CHAT_NOTICE_QUIET_MS}::int as after_ms,
      jsonb_build_object('roomId', s.room_id, 'userId', m.user_id) as payload,
      ${DEFAULT_MAX_ATTEMPTS}::int as max_attempts
    from ${stored} s
    join ${chatMembers} m on m.room_id = s.room_id and m.user_id <> s.sender_id and not m.muted`;
