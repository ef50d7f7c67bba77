import { describe, expect, it } from 'vitest';
import { mayModerateChat, mayOpenRoom } from '../src/chat/rules';
import {
  clientMessageIdSchema,
  roomByMembersQuerySchema,
  userRoomsQuerySchema,
} from '../src/chat/validation';
import { sendMessageAckSchema } from '../src/chat/events';
import { Role } from '../src/enums';

describe('who may open a chat room (decision 260)', () => {
  it('lets students write first to tutors, never tutors to students', () => {
    expect(mayOpenRoom(Role.Student, Role.Tutor)).toBe(true);
    expect(mayOpenRoom(Role.Tutor, Role.Student)).toBe(false);
    expect(mayOpenRoom(Role.Student, Role.Student)).toBe(false);
    expect(mayOpenRoom(Role.Tutor, Role.TutorManager)).toBe(true);
    expect(mayOpenRoom(Role.RegularAdmin, Role.Student)).toBe(true);
    expect(mayOpenRoom(Role.Student, Role.SuperAdmin)).toBe(true);
  });

  it('lets only admins read rooms they are not in', () => {
    expect(mayModerateChat(Role.SuperAdmin)).toBe(true);
    expect(mayModerateChat(Role.RegularAdmin)).toBe(true);
    expect(mayModerateChat(Role.TutorManager)).toBe(false);
    expect(mayModerateChat(Role.Tutor)).toBe(false);
  });
});

describe('chat requests', () => {
  it('reads the two members of a room from one or several query values', () => {
    expect(roomByMembersQuerySchema.parse({ members: '3,8' })).toEqual({ members: [3, 8] });
    expect(roomByMembersQuerySchema.parse({ members: ['8', '3'] })).toEqual({ members: [8, 3] });
    for (const members of [undefined, '3', '3,3', '3,8,9', '3,x', '0,1']) {
      expect(roomByMembersQuerySchema.safeParse({ members }).success).toBe(false);
    }
  });

  it('takes a client id of 8 to 64 safe characters', () => {
    expect(clientMessageIdSchema.safeParse('5f0c1a2e-8d7b-4c1e-9a55-0f7f6c1d2b3a').success).toBe(
      true,
    );
    for (const id of ['short', 'x'.repeat(65), 'with space 123', 'a\u0000bcdefgh']) {
      expect(clientMessageIdSchema.safeParse(id).success).toBe(false);
    }
  });

  it('treats an empty search as none', () => {
    expect(userRoomsQuerySchema.parse({ search: '  ' }).search).toBeUndefined();
    expect(userRoomsQuerySchema.parse({ search: ' أحمد ' }).search).toBe('أحمد');
  });

  it('acknowledges with a result of the event and nothing undeclared', () => {
    expect(sendMessageAckSchema.safeParse({ result: 'not-owner' }).success).toBe(false);
    expect(sendMessageAckSchema.parse({ result: 'ok', secret: 1 })).toEqual({ result: 'ok' });
  });
});
