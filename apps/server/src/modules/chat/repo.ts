/**
 * The chat's SQL. Rooms, members and messages (db/schema/chat.ts); a room's order is its `seq`
 * (docs/decisions/262-chat-order-and-retries.md). Views are built for one viewer: their own pin,
 * mute and read position, the other member, the latest message and their unread count.
 */
import { and, asc, desc, eq, gt, lt, lte, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  ChatMember,
  ChatMessage,
  ChatRoom,
  NotificationMethod,
  Role,
  RoomType,
} from '@talaqa/domain';
import { preparedRows, queryRows } from '../../db';
import type { Database } from '../../db';
import { chatMembers, chatMessages, chatRooms, users } from '../../db/schema';
import type { ChatMessageRow } from '../../db/schema';
import { jobsKeepingPending } from '../../jobs';
import { noticeJobRows } from './notice-jobs';

const iso = (value: Date | string): string => new Date(value).toISOString();

export function toMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    roomId: row.roomId,
    seq: row.seq,
    senderId: row.senderId,
    text: row.deleted ? '' : row.text,
    edited: row.edited,
    deleted: row.deleted,
    clientId: row.clientId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export interface ChatUser {
  id: number;
  role: Role;
  name: string;
  emailVerified: boolean;
}

export async function chatUser(db: Database, userId: number): Promise<ChatUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { ...row, role: row.role as Role } : undefined;
}

/** "smaller:larger": the one general room of two users. */
export const pairKeyOf = (a: number, b: number): string =>
  a < b ? `${String(a)}:${String(b)}` : `${String(b)}:${String(a)}`;

/** "lesson:{id}": the one chat room of a lesson (its in-session chat, issue 19). */
export const lessonRoomKeyOf = (lessonId: number): string => `lesson:${String(lessonId)}`;

export async function roomIdOfKey(db: Database, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(eq(chatRooms.pairKey, key));
  return row?.id;
}

export const roomIdOfPair = (db: Database, a: number, b: number): Promise<number | undefined> =>
  roomIdOfKey(db, pairKeyOf(a, b));

/**
 * A new room of two users under its unique key (by default the pair's general room); undefined
 * when a room has that key already (a race lost).
 */
export async function insertPairRoom(
  db: Database,
  type: RoomType,
  memberIds: readonly [number, number],
  now: Date,
  key: string = pairKeyOf(...memberIds),
): Promise<number | undefined> {
  const [room] = await db
    .insert(chatRooms)
    .values({ type, pairKey: key, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: chatRooms.id });
  if (!room) return undefined;
  await db
    .insert(chatMembers)
    .values(memberIds.map((userId) => ({ roomId: room.id, userId, joinedAt: now })));
  return room.id;
}

export interface Membership {
  roomExists: boolean;
  member: { lastReadSeq: number; pinned: boolean; muted: boolean } | undefined;
}

export async function membership(
  db: Database,
  roomId: number,
  userId: number,
): Promise<Membership> {
  const [row] = await db
    .select({
      id: chatRooms.id,
      lastReadSeq: chatMembers.lastReadSeq,
      pinned: chatMembers.pinned,
      muted: chatMembers.muted,
    })
    .from(chatRooms)
    .leftJoin(
      chatMembers,
      and(eq(chatMembers.roomId, chatRooms.id), eq(chatMembers.userId, userId)),
    )
    .where(eq(chatRooms.id, roomId));
  if (!row) return { roomExists: false, member: undefined };
  const { lastReadSeq, pinned, muted } = row;
  return {
    roomExists: true,
    member:
      lastReadSeq === null || pinned === null || muted === null
        ? undefined
        : { lastReadSeq, pinned, muted },
  };
}

export async function memberIdsOf(db: Database, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.roomId, roomId))
    .orderBy(asc(chatMembers.userId));
  return rows.map((row) => row.userId);
}

/** The ids of every room the user is a member of. */
export async function roomIdsOf(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ roomId: chatMembers.roomId })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId))
    .orderBy(asc(chatMembers.roomId));
  return rows.map((row) => row.roomId);
}

/** Everyone who shares a room with the user (who hears their presence). */
export async function counterpartIds(db: Database, userId: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select distinct o.user_id from ${chatMembers} m
      join ${chatMembers} o on o.room_id = m.room_id and o.user_id <> m.user_id
      where m.user_id = ${userId}`,
  );
  return rows.map((row) => row.user_id);
}

export async function messageByClientId(
  db: Database,
  roomId: number,
  senderId: number,
  clientId: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        eq(chatMessages.senderId, senderId),
        eq(chatMessages.clientId, clientId),
      ),
    );
  return row;
}

export async function messageById(
  db: Database,
  messageId: number,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  return row;
}

/** A message to store: the client id is null only for a room's first message over HTTP. */
export interface MessageDraft {
  roomId: number;
  senderId: number;
  clientId: string | null;
  text: string;
  now: Date;
}

/** Why a draft was not stored; the catalogue's codes (the service maps them). */
export type SendRefusal =
  | 'room-not-found'
  | 'not-room-member'
  | 'unauthenticated'
  | 'unverified-email'
  | 'too-many-requests';

/** What became of a draft, with the room's member ids to tell. */
export type SendOutcome =
  | { kind: 'stored'; message: ChatMessageRow; memberIds: number[] }
  /** Its client id was stored before (a retry): that message's id. */
  | { kind: 'stored-before'; messageId: number; memberIds: number[] }
  /** Stored by a racing retry while this one ran: read it by its client id. */
  | { kind: 'raced'; memberIds: number[] }
  | { kind: 'refused'; refusal: SendRefusal };

type StoredMessageRow = {
  id: number;
  room_id: number;
  seq: number;
  sender_id: number;
  client_id: string | null;
  text: string;
  edited: boolean;
  deleted: boolean;
  created_at: Date | string;
  updated_at: Date | string;
};

type OutcomeRow = {
  ord: number;
  refusal: SendRefusal | null;
  member_ids: number[];
  stored_id: number | null;
  message: StoredMessageRow | null;
};

const fromStored = (row: StoredMessageRow): ChatMessageRow => ({
  id: row.id,
  roomId: row.room_id,
  seq: row.seq,
  senderId: row.sender_id,
  clientId: row.client_id,
  text: row.text,
  edited: row.edited,
  deleted: row.deleted,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

function outcomeOf(row: OutcomeRow | undefined): SendOutcome {
  if (!row) throw new Error('the storing statement answered no row for a draft');
  const memberIds = row.member_ids;
  if (row.refusal) return { kind: 'refused', refusal: row.refusal };
  if (row.stored_id !== null) return { kind: 'stored-before', messageId: row.stored_id, memberIds };
  if (row.message) return { kind: 'stored', message: fromStored(row.message), memberIds };
  return { kind: 'raced', memberIds };
}

/**
 * Sends in one statement (docs/decisions/265-chat-sends-batched.md). Each draft is checked in the
 * order of record 262 (the room, membership, a message stored under its client id, the sender's
 * account and verified e-mail, then at most `perMinute` stored messages of the sender in the
 * minute before it, drafts of the same statement included); the drafts that pass take their
 * rooms' next seqs (locked in the order of their ids, so two statements that share rooms wait
 * for each other instead of deadlocking, and seqs follow commit order) in the drafts' order, are
 * inserted, and schedule their offline notices. Answers each draft's outcome, in order. Drafts
 * must not repeat a (room, sender, client id).
 */
export async function storeSends(
  db: Database,
  drafts: readonly MessageDraft[],
  perMinute: number,
): Promise<SendOutcome[]> {
  const input = drafts.map((draft, ord) => ({
    ord,
    room_id: draft.roomId,
    sender_id: draft.senderId,
    client_id: draft.clientId,
    text: draft.text,
    at: draft.now.toISOString(),
  }));
  const rows = await preparedRows<OutcomeRow>(
    db,
    'chat_store_sends',
    sql`with input as (
        select * from json_to_recordset(${JSON.stringify(input)}::json)
          as i(ord int, room_id int, sender_id int, client_id text, text text, at timestamptz)
      ),
      -- Materialized, and each check a lookup by key per draft: inlined, the planner hashed
      -- whole tables once per use of a column (bench/RESULTS.md, chat, 13:29).
      checked as materialized (
        select i.*,
          (select coalesce(json_agg(m.user_id order by m.user_id), '[]'::json)
            from ${chatMembers} m where m.room_id = i.room_id) as member_ids,
          coalesce((select 'ok' from ${chatRooms} r where r.id = i.room_id), 'room-not-found')
            as room_check,
          (select 'ok' from ${chatMembers} m
            where m.room_id = i.room_id and m.user_id = i.sender_id) as member_check,
          (select c.id from ${chatMessages} c
            where c.room_id = i.room_id and c.sender_id = i.sender_id
              and c.client_id = i.client_id) as stored_id,
          (select u.email_verified from ${users} u where u.id = i.sender_id) as email_verified,
          (select count(*) from ${chatMessages} c
            where c.sender_id = i.sender_id and c.created_at > i.at - interval '1 minute'
              and c.created_at <= i.at) as sent_before
        from input i
      ),
      eligible as materialized (
        select c.*,
          case
            when c.room_check <> 'ok' then c.room_check
            when c.member_check is null then 'not-room-member'
            when c.stored_id is not null then null
            when c.email_verified is null then 'unauthenticated'
            when not c.email_verified then 'unverified-email'
          end as early_refusal
        from checked c
      ),
      judged as (
        select e.*,
          case
            when e.early_refusal is not null or e.stored_id is not null then e.early_refusal
            when e.sent_before + row_number() over (
                partition by e.sender_id, (e.early_refusal is null and e.stored_id is null)
                order by e.ord) > ${perMinute}::int
              then 'too-many-requests'
          end as verdict
        from eligible e
      ),
      storing as (
        select j.* from judged j where j.verdict is null and j.stored_id is null
      ),
      counts as (
        select room_id, count(*)::int as n, max(at) as at from storing group by room_id
      ),
      locked as (
        select r.id from ${chatRooms} r
          where r.id in (select room_id from counts)
          order by r.id
          for update
      ),
      bumped as (
        update ${chatRooms} r
          set last_seq = r.last_seq + c.n, last_message_at = c.at, updated_at = c.at
          from counts c
          where r.id = c.room_id and r.id in (select id from locked)
          returning r.id, r.last_seq, c.n
      ),
      inserted as (
        insert into ${chatMessages}
          (room_id, seq, sender_id, client_id, text, created_at, updated_at)
        select s.room_id,
            (b.last_seq - b.n + row_number() over (partition by s.room_id order by s.ord))::int,
            s.sender_id, s.client_id, s.text, s.at, s.at
          from storing s join bumped b on b.id = s.room_id
        on conflict do nothing
        returning *
      ),
      notices as (${jobsKeepingPending(noticeJobRows(sql`inserted`))})
      select j.ord, j.verdict as refusal, j.member_ids, j.stored_id,
          to_json(s) as message
        from judged j
        left join inserted s on s.room_id = j.room_id and s.sender_id = j.sender_id
          and s.client_id is not distinct from j.client_id
        order by j.ord`,
  );
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return drafts.map((_, ord) => outcomeOf(byOrd.get(ord)));
}

export async function editMessage(
  db: Database,
  messageId: number,
  text: string,
  now: Date,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .update(chatMessages)
    .set({ text, edited: true, updatedAt: now })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.deleted, false)))
    .returning();
  return row;
}

/** Deleting keeps the row (its place and seq) and forgets the text. */
export async function deleteMessage(
  db: Database,
  messageId: number,
  now: Date,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .update(chatMessages)
    .set({ text: '', deleted: true, updatedAt: now })
    .where(eq(chatMessages.id, messageId))
    .returning();
  return row;
}

export interface PageCursor {
  before?: number | undefined;
  after?: number | undefined;
  size: number;
}

/** A page of a room's messages, newest last, with whether more lie beyond it. */
export async function messagePage(
  db: Database,
  roomId: number,
  cursor: PageCursor,
): Promise<{ list: ChatMessage[]; hasMore: boolean }> {
  const inRoom = eq(chatMessages.roomId, roomId);
  if (cursor.after !== undefined) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(inRoom, gt(chatMessages.seq, cursor.after)))
      .orderBy(asc(chatMessages.seq))
      .limit(cursor.size + 1);
    return { list: rows.slice(0, cursor.size).map(toMessage), hasMore: rows.length > cursor.size };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(cursor.before === undefined ? inRoom : and(inRoom, lt(chatMessages.seq, cursor.before)))
    .orderBy(desc(chatMessages.seq))
    .limit(cursor.size + 1);
  return {
    list: rows.slice(0, cursor.size).reverse().map(toMessage),
    hasMore: rows.length > cursor.size,
  };
}

/** Moves the reader's position forward (never back); their position and unread count after. */
export async function markRead(
  db: Database,
  roomId: number,
  userId: number,
  seq: number,
): Promise<{ readSeq: number; unread: number }> {
  const [row] = await db
    .update(chatMembers)
    .set({ lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${seq})` })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
    .returning({ readSeq: chatMembers.lastReadSeq });
  const readSeq = row?.readSeq ?? 0;
  const [count] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        gt(chatMessages.seq, readSeq),
        ne(chatMessages.senderId, userId),
        eq(chatMessages.deleted, false),
      ),
    );
  return { readSeq, unread: count?.unread ?? 0 };
}

export async function updateSettings(
  db: Database,
  roomId: number,
  userId: number,
  settings: { pinned?: boolean | undefined; muted?: boolean | undefined },
): Promise<void> {
  await db
    .update(chatMembers)
    .set({
      ...(settings.pinned === undefined ? {} : { pinned: settings.pinned }),
      ...(settings.muted === undefined ? {} : { muted: settings.muted }),
    })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
}

/**
 * Arabic and English folded alike for search: lower case, no diacritics or tatweel, one alef,
 * ya for alef maqsura, ha for ta marbuta. Applied to both sides of a LIKE.
 */
const fold = (value: SQL): SQL =>
  sql`translate(lower(regexp_replace(${value}, '[\u064B-\u0652\u0640]', '', 'g')), 'أإآٱىة', 'اااايه')`;

/** A LIKE pattern holding `term` anywhere, its wildcards taken literally. */
const containing = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface RoomFilter {
  roomIds?: number[];
  search?: string | undefined;
  pinned?: boolean | undefined;
  page?: number;
  size?: number;
}

interface RoomViewRow extends Record<string, unknown> {
  id: number;
  type: RoomType;
  pinned: boolean;
  muted: boolean;
  read_seq: number;
  last_seq: number;
  created_at: Date | string;
  unread: number;
  other: ChatMember | null;
  other_read_seq: number | null;
  last_message:
    | (Omit<ChatMessageRow, 'createdAt' | 'updatedAt'> & {
        createdAt: string;
        updatedAt: string;
      })
    | null;
  total: number;
}

/** The rooms of `viewerId`, as they see them: pinned first, then by their latest message. */
export async function roomViews(
  db: Database,
  viewerId: number,
  filter: RoomFilter = {},
): Promise<{ list: ChatRoom[]; total: number }> {
  const conditions: SQL[] = [sql`m.user_id = ${viewerId}`];
  if (filter.roomIds) {
    if (filter.roomIds.length === 0) return { list: [], total: 0 };
    conditions.push(sql`r.id in ${filter.roomIds}`);
  }
  if (filter.pinned !== undefined) conditions.push(sql`m.pinned = ${filter.pinned}`);
  if (filter.search !== undefined) {
    const pattern = fold(sql`${containing(filter.search)}`);
    conditions.push(sql`(exists (select 1 from chat_members o join users u on u.id = o.user_id
        where o.room_id = r.id and o.user_id <> m.user_id and ${fold(sql`u.name`)} like ${pattern})
      or exists (select 1 from chat_messages x
        where x.room_id = r.id and not x.deleted and ${fold(sql`x.text`)} like ${pattern}))`);
  }
  const size = filter.size ?? 1000;
  const offset = ((filter.page ?? 1) - 1) * size;
  const rows = await queryRows<RoomViewRow>(
    db,
    sql`select r.id, r.type, m.pinned, m.muted, m.last_read_seq as read_seq, r.last_seq,
        r.created_at,
        (select count(*)::int from chat_messages x
          where x.room_id = r.id and x.seq > m.last_read_seq and x.sender_id <> m.user_id
            and not x.deleted) as unread,
        (select json_build_object('id', u.id, 'name', u.name, 'image', u.image, 'role', u.role)
          from chat_members o join users u on u.id = o.user_id
          where o.room_id = r.id and o.user_id <> m.user_id order by o.user_id limit 1) as other,
        (select o.last_read_seq from chat_members o
          where o.room_id = r.id and o.user_id <> m.user_id order by o.user_id limit 1)
          as other_read_seq,
        (select json_build_object('id', x.id, 'roomId', x.room_id, 'seq', x.seq,
            'senderId', x.sender_id, 'clientId', x.client_id, 'text', x.text,
            'edited', x.edited, 'deleted', x.deleted, 'createdAt', x.created_at,
            'updatedAt', x.updated_at)
          from chat_messages x where x.room_id = r.id order by x.seq desc limit 1) as last_message,
        count(*) over ()::int as total
      from chat_members m join chat_rooms r on r.id = m.room_id
      where ${sql.join(conditions, sql` and `)}
      order by m.pinned desc, coalesce(r.last_message_at, r.created_at) desc, r.id desc
      limit ${size} offset ${offset}`,
  );
  const list = rows.map((row): ChatRoom => ({
    id: row.id,
    type: row.type,
    pinned: row.pinned,
    muted: row.muted,
    unread: row.unread,
    other: row.other,
    lastMessage: row.last_message
      ? toMessage({
          ...row.last_message,
          createdAt: new Date(row.last_message.createdAt),
          updatedAt: new Date(row.last_message.updatedAt),
        })
      : null,
    lastSeq: row.last_seq,
    readSeq: row.read_seq,
    otherReadSeq: row.other_read_seq ?? 0,
    createdAt: iso(row.created_at),
  }));
  return { list, total: rows[0]?.total ?? 0 };
}

/** A room's members with their read positions. */
export async function roomMembers(
  db: Database,
  roomId: number,
): Promise<(ChatMember & { readSeq: number })[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      role: users.role,
      readSeq: chatMembers.lastReadSeq,
    })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(eq(chatMembers.roomId, roomId))
    .orderBy(asc(chatMembers.userId));
  return rows.map((row) => ({ ...row, role: row.role as Role }));
}

/** What an offline notification needs: the member's settings and how to reach them. */
export interface NoticeMember {
  muted: boolean;
  lastReadSeq: number;
  notifiedSeq: number;
  recipient: {
    id: number;
    name: string;
    email: string;
    emailVerified: boolean;
    phone: string | null;
    phoneVerified: boolean;
    notificationMethod: NotificationMethod;
  };
}

export async function noticeMember(
  db: Database,
  roomId: number,
  userId: number,
): Promise<NoticeMember | undefined> {
  const [row] = await db
    .select({
      muted: chatMembers.muted,
      lastReadSeq: chatMembers.lastReadSeq,
      notifiedSeq: chatMembers.notifiedSeq,
      recipient: {
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        phone: users.phone,
        phoneVerified: users.phoneVerified,
        notificationMethod: users.notificationMethod,
      },
    })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
  return row;
}

/**
 * The member's unread messages from others: how many, and the newest with its sender's name;
 * with `upToSeq`, only those up to that message (what one notice announced).
 */
export async function unreadSummary(
  db: Database,
  roomId: number,
  userId: number,
  readSeq: number,
  upToSeq?: number,
): Promise<{
  count: number;
  latest: { seq: number; text: string; senderName: string } | undefined;
}> {
  const unread = and(
    eq(chatMessages.roomId, roomId),
    gt(chatMessages.seq, readSeq),
    upToSeq === undefined ? undefined : lte(chatMessages.seq, upToSeq),
    ne(chatMessages.senderId, userId),
    eq(chatMessages.deleted, false),
  );
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(unread);
  const [latest] = await db
    .select({ seq: chatMessages.seq, text: chatMessages.text, senderName: users.name })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(unread)
    .orderBy(desc(chatMessages.seq))
    .limit(1);
  return { count: count?.count ?? 0, latest };
}

/** Records that the member was notified of the room up to `seq` (never moves back). */
export async function markNotified(
  db: Database,
  roomId: number,
  userId: number,
  seq: number,
): Promise<void> {
  await db
    .update(chatMembers)
    .set({ notifiedSeq: sql`greatest(${chatMembers.notifiedSeq}, ${seq})` })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
}
