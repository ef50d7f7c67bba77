/**
 * TanStack Query hooks of the chat (issue 18): the caller's rooms (search, pin, mute), a room's
 * members with their presence, and the realtime events that keep the list and the badges right
 * (a message anywhere, a read on another tab, a counterpart coming online).
 */
import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@talaqa/api-client';
import { ServerEvent } from '@talaqa/domain';
import type {
  ChatRoom,
  ChatRoomMember,
  ChatRoomPage,
  RoomSettingsInput,
  UserStatusChangedEvent,
} from '@talaqa/domain';
import { chatApi } from '../../api';
import { realtime } from '../../realtime-channel';
import { useRealtimeEvent } from '../../lib/realtime';

export const chatKeys = {
  all: ['chat'] as const,
  rooms: (userId: number, search: string) => ['chat', 'rooms', userId, search] as const,
  members: (roomId: number) => ['chat', 'members', roomId] as const,
  /** One room read on its own: one the loaded list does not hold. */
  room: (roomId: number) => ['chat', 'room', roomId] as const,
  /** A user's presence as UserStatusChanged last told it (members answers seed it). */
  presence: (userId: number) => ['chat', 'presence', userId] as const,
};

export interface Presence {
  online: boolean;
  devices: number;
}

/**
 * Writes what an answer says of a user's presence, unless an event (or a later answer) told
 * something since the request left: an answer read before a UserStatusChanged is older than it.
 */
function seedPresence(
  queryClient: ReturnType<typeof useQueryClient>,
  userId: number,
  presence: Presence,
  askedAt: number,
): void {
  const known = queryClient.getQueryState(chatKeys.presence(userId));
  if (known?.data && known.dataUpdatedAt >= askedAt) return;
  queryClient.setQueryData<Presence>(chatKeys.presence(userId), presence);
}

/**
 * GET /chat/list/rooms/{userId}/: the caller's rooms, searched by name or message text. Each
 * room's other member's presence seeds the dots, so they are right before a room is opened.
 */
export function useRooms(userId: number, search: string, size?: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...chatKeys.rooms(userId, search), size ?? null],
    queryFn: async ({ signal }) => {
      const askedAt = Date.now();
      const page = await chatApi.rooms(
        userId,
        { ...(search && { search }), ...(size && { size }) },
        signal,
      );
      for (const room of page.list) {
        if (room.other && room.otherOnline !== undefined) {
          seedPresence(
            queryClient,
            room.other.id,
            { online: room.otherOnline, devices: room.otherDevices ?? 0 },
            askedAt,
          );
        }
      }
      return page;
    },
    placeholderData: keepPreviousData,
  });
}

/** Refusals that mean "no room of yours by that id": the page says it found none. */
const NOT_YOURS = new Set<string>(['room-not-found', 'room-members-not-found', 'not-room-member']);

/**
 * A room of the caller that the loaded list does not hold (beyond its first page, or made since
 * it loaded), for `/chat?room=`: its members name the other member, and
 * GET /chat/room/by/members answers the pair's room as the caller sees it. Null when there is no
 * such room of the caller's.
 */
export function useRoomOutsideList(userId: number, roomId: number | null, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.room(roomId ?? 0),
    queryFn: async ({ signal }): Promise<ChatRoom | null> => {
      const id = roomId ?? 0;
      try {
        const askedAt = Date.now();
        const members = await chatApi.members(id, signal);
        for (const member of members) {
          seedPresence(
            queryClient,
            member.id,
            { online: member.online, devices: member.devices },
            askedAt,
          );
        }
        const other = members.find((member) => member.id !== userId);
        if (!other || !members.some((member) => member.id === userId)) return null;
        const room = await chatApi.byMembers(userId, other.id, signal);
        return room.id === id ? room : null;
      } catch (caught) {
        if (isApiError(caught) && NOT_YOURS.has(caught.code)) return null;
        throw caught;
      }
    },
    enabled: enabled && roomId !== null,
  });
}

/** GET /chat/room/members/{roomId}; each member's presence is kept for the list's dots too. */
export function useRoomMembers(roomId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.members(roomId ?? 0),
    queryFn: async ({ signal }): Promise<ChatRoomMember[]> => {
      const askedAt = Date.now();
      const members = await chatApi.members(roomId ?? 0, signal);
      for (const member of members) {
        seedPresence(
          queryClient,
          member.id,
          { online: member.online, devices: member.devices },
          askedAt,
        );
      }
      return members;
    },
    enabled: roomId !== null,
  });
}

/** What is known of a user's presence (nothing until an answer or an event told). */
export function usePresence(userId: number | undefined): Presence | undefined {
  return useQuery({
    queryKey: chatKeys.presence(userId ?? 0),
    // Never fetched: only written by rooms and members answers and UserStatusChanged.
    queryFn: (): Presence | null => null,
    enabled: false,
    staleTime: Infinity,
  }).data as Presence | undefined;
}

/** Replaces one room in every cached list page it appears in, and where it was read alone. */
function patchRoom(
  queryClient: ReturnType<typeof useQueryClient>,
  roomId: number,
  patch: (room: ChatRoom) => ChatRoom,
): void {
  queryClient.setQueriesData<ChatRoomPage>({ queryKey: ['chat', 'rooms'] }, (page) =>
    page
      ? { ...page, list: page.list.map((room) => (room.id === roomId ? patch(room) : room)) }
      : page,
  );
  queryClient.setQueryData<ChatRoom | null>(chatKeys.room(roomId), (room) =>
    room ? patch(room) : room,
  );
}

/** PUT /chat/room/{roomId}: pin or mute for the caller; the lists read again (pins sort first). */
export function useRoomSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, body }: { roomId: number; body: RoomSettingsInput }) =>
      chatApi.settings(roomId, body),
    onSuccess: (room) => {
      patchRoom(queryClient, room.id, () => room);
      void queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] });
    },
  });
}

/**
 * The list's realtime: a message, an edit or a delete anywhere reads the lists again (order,
 * last message, badges); a read on another tab sets that room's badge; presence updates the dots.
 */
export function useChatListEvents(enabled = true): void {
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] });
  useRealtimeEvent(ServerEvent.RoomMessage, enabled, invalidate);
  useRealtimeEvent(ServerEvent.RoomMessageUpdated, enabled, invalidate);
  useRealtimeEvent(ServerEvent.RoomMessageDeleted, enabled, invalidate);
  useRealtimeEvent(ServerEvent.MessageRead, enabled, ({ roomId, readSeq, unread }) =>
    patchRoom(queryClient, roomId, (room) => ({ ...room, readSeq, unread })),
  );
  useRealtimeEvent(ServerEvent.RoomMessageRead, enabled, ({ roomId, userId, readSeq }) =>
    patchRoom(queryClient, roomId, (room) =>
      room.other?.id === userId ? { ...room, otherReadSeq: readSeq } : room,
    ),
  );
  // Whatever happened while the channel was down reached no listener: read the lists again.
  useEffect(() => {
    if (!enabled) return undefined;
    const channel = realtime();
    let wasOpen = channel.state === 'open';
    return channel.subscribe((state) => {
      if (state === 'open' && !wasOpen) {
        void queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] });
      }
      wasOpen = state === 'open';
    });
  }, [enabled, queryClient]);
  useRealtimeEvent(
    ServerEvent.UserStatusChanged,
    enabled,
    ({ userId, online, devices }: UserStatusChangedEvent) =>
      queryClient.setQueryData<Presence>(chatKeys.presence(userId), { online, devices }),
  );
}
