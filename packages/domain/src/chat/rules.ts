/**
 * Who may chat with whom (spec section 6 and docs/decisions/260-chat-rules.md), written once for the
 * server that enforces it and the screens that hide what would be refused.
 *
 * - A verified e-mail is required to chat (spec section 5); `unverified-email` otherwise.
 * - A tutor answers students who wrote first: a tutor cannot open a room with a student. Students
 *   open rooms with tutors, never with other students. Staff (admins, tutor managers, studios)
 *   may open a room with anyone (support); anyone may open one with staff.
 * - Admins may read any room for moderation (its members and messages), never write in it nor
 *   change its read state, pins or mutes (docs/decisions/261-chat-moderation-reading.md).
 * - At most CHAT_MESSAGES_PER_MINUTE messages a minute per user, counted across instances.
 */
import { ADMIN_ROLES } from '../access';
import { Role } from '../enums';

/** Messages a user may send in one minute (new rooms included), on every instance together. */
export const CHAT_MESSAGES_PER_MINUTE = 30;

/** May `opener` open a room with `other` (a user of that role)? */
export function mayOpenRoom(opener: Role, other: Role): boolean {
  if (opener === Role.Tutor && other === Role.Student) return false;
  if (opener === Role.Student && other === Role.Student) return false;
  return true;
}

/** May this role read rooms it is not a member of (moderation, read only)? */
export const mayModerateChat = (role: Role): boolean =>
  (ADMIN_ROLES as readonly Role[]).includes(role);
