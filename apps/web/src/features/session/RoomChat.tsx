import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { CloseIcon, Sheet, UI_MESSAGES } from '@talaqa/ui';
import { ServerEvent } from '@talaqa/domain';
import type { ChatRoom } from '@talaqa/domain';
import { useRealtimeEvent } from '../../lib/realtime';
import { Conversation } from '../chat/Conversation';

export const ROOM_CHAT_TITLE = 'محادثة الدرس';

/**
 * Messages from the other member while the chat is closed: the room's unread count when the
 * room opened, then one more per RoomMessage. Opening the chat reads them (the conversation marks
 * them read on the server), so `clear` sets it back to none.
 */
export function useUnreadWhileClosed(room: ChatRoom | null, userId: number, open: boolean) {
  const [unread, setUnread] = useState(room?.unread ?? 0);
  useRealtimeEvent(ServerEvent.RoomMessage, room !== null && !open, ({ message }) => {
    if (message.roomId === room?.id && message.senderId !== userId) setUnread((n) => n + 1);
  });
  const clear = useCallback(() => setUnread(0), []);
  return { unread: open ? 0 : unread, clear };
}

export interface RoomChatProps {
  room: ChatRoom;
  userId: number;
  open: boolean;
  onClose: () => void;
  /** Beside the video (wide screens) or a sheet over it (phones). */
  wide: boolean;
  /** The chat button: focus goes back to it when the chat closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/** The side panel: not modal, so the call's controls stay in reach while one types. */
function ChatPanel({ room, userId, onClose, opener }: Omit<RoomChatProps, 'open' | 'wide'>) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.querySelector('textarea')?.focus();
  }, []);
  return (
    <aside
      ref={panel}
      aria-label={ROOM_CHAT_TITLE}
      className="flex w-96 max-w-[40vw] shrink-0 flex-col border-s border-slate-700 bg-white text-ink"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
        <h2 className="text-lg font-bold text-ink">{ROOM_CHAT_TITLE}</h2>
        <button
          type="button"
          aria-label={`${UI_MESSAGES.close} ${ROOM_CHAT_TITLE}`}
          onClick={() => {
            onClose();
            opener.current?.focus();
          }}
          className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon />
        </button>
      </div>
      <Conversation room={room} userId={userId} compact />
    </aside>
  );
}

/** The in-session chat: the lesson's own room (type Lesson), shown only while open. */
export function RoomChat({ room, userId, open, onClose, wide, opener }: RoomChatProps) {
  if (!open) return null;
  if (wide) return <ChatPanel room={room} userId={userId} onClose={onClose} opener={opener} />;
  return (
    <Sheet
      title={ROOM_CHAT_TITLE}
      open
      onOpenChange={(next) => !next && onClose()}
      returnFocusTo={opener}
    >
      <Conversation room={room} userId={userId} compact />
    </Sheet>
  );
}
