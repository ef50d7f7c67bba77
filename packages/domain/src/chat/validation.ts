/**
 * Chat requests (spec sections 3, 5 and 7): who to write to, message texts (the shared
 * `messageTextSchema`: 1 to 2000 characters after trimming, no control characters), the client's
 * own id of a message (so a retry is answered with the message already stored), and the cursors of
 * a room's message pages.
 */
import { z } from 'zod';
import { optionalQuery, queryFlag } from '../contract/query-fields';
import { idSchema, idTextSchema } from '../validation/ids';
import { messageTextSchema } from '../validation/content';
import { text } from '../validation/blocks';

/** Messages in one page of a room, newest last. */
export const CHAT_PAGE_SIZE_DEFAULT = 30;
export const CHAT_PAGE_SIZE_MAX = 100;
/** Rooms in one page of the room list. */
export const CHAT_ROOMS_PAGE_SIZE_DEFAULT = 20;
/** A search of the room list: at most this many characters. */
export const CHAT_SEARCH_MAX_LENGTH = 100;

/**
 * The browser's id of a message it sends (a UUID, or any 8 to 64 letters, digits, `-` and `_`):
 * stored with the message, unique per room and sender, so a retry after a lost acknowledgement
 * finds the message already stored instead of storing it twice.
 */
export const clientMessageIdSchema = text().regex(/^[A-Za-z0-9_-]{8,64}$/, {
  error: 'invalid-type',
});

/** POST /chat/new: the other member and the first message. */
export const newChatSchema = z.object({
  userId: idSchema,
  message: messageTextSchema,
  clientId: clientMessageIdSchema.optional(),
});
export type NewChatInput = z.input<typeof newChatSchema>;

export const roomParamsSchema = z.object({ roomId: idTextSchema });
export const userRoomsParamsSchema = z.object({ userId: idTextSchema });

const pageSize = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'invalid-page-size' })
    .int('invalid-page-size')
    .min(1, 'invalid-page-size')
    .max(max, 'invalid-page-size')
    .default(fallback);

/** A room's sequence number of a message, in a query (the server's order within the room). */
const seqQuery = () => optionalQuery(idTextSchema);

/**
 * GET /chat/list/{roomId}/messages: without a cursor, the newest page; `before` a sequence number,
 * the page just older (loading older on scroll); `after` one, the messages newer than it, oldest
 * first (what a client missed while it was away). Every page is newest last.
 */
export const roomMessagesQuerySchema = z.object({
  before: seqQuery(),
  after: seqQuery(),
  size: pageSize(CHAT_PAGE_SIZE_DEFAULT, CHAT_PAGE_SIZE_MAX),
});
export type RoomMessagesQuery = z.input<typeof roomMessagesQuerySchema>;

/**
 * GET /chat/list/rooms/{userId}/: pinned rooms first, then by the latest message; `search` keeps
 * the rooms whose other member's name or whose messages hold it (Arabic or English, any case),
 * `pinned` only the pinned ones (or only the others).
 */
export const userRoomsQuerySchema = z.object({
  search: optionalQuery(
    text()
      .trim()
      .max(CHAT_SEARCH_MAX_LENGTH, { error: 'invalid-type' })
      .transform((value) => (value === '' ? undefined : value)),
  ),
  pinned: queryFlag(),
  page: z.coerce
    .number({ error: 'invalid-page' })
    .int('invalid-page')
    .min(1, 'invalid-page')
    .default(1),
  size: pageSize(CHAT_ROOMS_PAGE_SIZE_DEFAULT, CHAT_PAGE_SIZE_MAX),
});
export type UserRoomsQuery = z.input<typeof userRoomsQuerySchema>;

/** `members=3,8` (or `members=3&members=8`): the two users of a room, in any order. */
export const roomByMembersQuerySchema = z.object({
  members: z.preprocess(
    (value) => {
      const parts = (Array.isArray(value) ? value : [value]).flatMap((part: unknown) =>
        typeof part === 'string' ? part.split(',') : [part],
      );
      return parts.map((part) => (typeof part === 'string' ? part.trim() : part));
    },
    z
      .array(idTextSchema, { error: 'required' })
      .length(2, { error: 'invalid-type' })
      .refine(([a, b]) => a !== b, { error: 'invalid-type' }),
  ),
});
export type RoomByMembersQuery = z.input<typeof roomByMembersQuerySchema>;

/** PUT /chat/room/{roomId}: the caller's own pin and mute of the room; one at least. */
export const roomSettingsSchema = z.object({
  pinned: z.boolean({ error: 'invalid-type' }).optional(),
  muted: z.boolean({ error: 'invalid-type' }).optional(),
});
export type RoomSettingsInput = z.input<typeof roomSettingsSchema>;
