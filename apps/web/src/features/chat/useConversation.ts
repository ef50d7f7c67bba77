/**
 * One open conversation (issue 18, docs/decisions/262-chat-order-and-retries.md): its messages in
 * the server's order (`seq`), older pages on demand, what arrives over the realtime channel, what
 * was missed while the channel was down (`after` the last seq seen), and the caller's own
 * messages on their way.
 *
 * A message is sent with a client id made once; a failed or unacknowledged send keeps it, and a
 * retry sends the same id again, so the server answers with the message it already stored instead
 * of storing it twice. The caller's own RoomMessage (every member's tabs hear it) settles the
 * pending copy by that id too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ServerEvent } from '@talaqa/domain';
import type { ChatMessage, ErrorCode } from '@talaqa/domain';
import { chatApi } from '../../api';
import { realtime } from '../../realtime-channel';
import { useRealtimeEvent } from '../../lib/realtime';
import { newIdempotencyKey } from '../checkout/idempotency';

/** How long a send waits for its acknowledgement before it offers a retry. */
export const SEND_ACK_TIMEOUT_MS = 10_000;
/** A typing notice is sent at most this often while the person keeps typing. */
export const TYPING_THROTTLE_MS = 3_000;
/** Typing stops being announced after this long without a keystroke. */
export const TYPING_IDLE_MS = 4_000;
/** The other member's typing notice fades after this long without a new one. */
export const TYPING_SHOWN_MS = 6_000;

export interface PendingMessage {
  clientId: string;
  text: string;
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why the server refused it (`unverified-email`, `too-many-requests`, ...), if it said. */
  code?: ErrorCode;
}

/** Messages by id, in the server's order; a newer copy of a message replaces the older. */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    if (!known || known.updatedAt <= message.updatedAt) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

interface Options {
  roomId: number;
  userId: number;
  /** How far the other member has read, as the room list said. */
  otherReadSeq: number;
  /** How far the caller has read, as the room list said. */
  readSeq: number;
}

export function useConversation({ roomId, userId, otherReadSeq, readSeq }: Options) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<unknown>(null);
  const [hasMore, setHasMore] = useState(false);
  const [older, setOlder] = useState<{ loading: boolean; error: unknown }>({
    loading: false,
    error: null,
  });
  const [othersRead, setOthersRead] = useState(otherReadSeq);
  const [otherTyping, setOtherTyping] = useState(false);
  const lastSeq = useRef(0);
  const markedSeq = useRef(readSeq);

  useEffect(() => {
    lastSeq.current = messages.at(-1)?.seq ?? lastSeq.current;
  }, [messages]);
  useEffect(() => setOthersRead((seen) => Math.max(seen, otherReadSeq)), [otherReadSeq]);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setStatus('loading');
      try {
        const page = await chatApi.messages(roomId, {}, signal);
        setMessages(page.list);
        setHasMore(page.hasMore);
        setStatus('ready');
      } catch (caught) {
        if (signal?.aborted) return;
        setError(caught);
        setStatus('error');
      }
    },
    [roomId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const loadOlder = useCallback(async () => {
    const first = messages[0];
    if (!first || older.loading) return;
    setOlder({ loading: true, error: null });
    try {
      const page = await chatApi.messages(roomId, { before: first.seq });
      setMessages((current) => mergeMessages(current, page.list));
      setHasMore(page.hasMore);
      setOlder({ loading: false, error: null });
    } catch (caught) {
      setOlder({ loading: false, error: caught });
    }
  }, [messages, older.loading, roomId]);

  /** What arrived while the channel was down: every page after the last seq seen. */
  const catchUp = useCallback(async () => {
    for (;;) {
      const page = await chatApi.messages(roomId, { after: lastSeq.current });
      setMessages((current) => mergeMessages(current, page.list));
      const newest = page.list.at(-1);
      if (newest) lastSeq.current = Math.max(lastSeq.current, newest.seq);
      if (!page.hasMore || !newest) return;
    }
  }, [roomId]);

  useEffect(() => {
    const channel = realtime();
    let wasOpen = channel.state === 'open';
    return channel.subscribe((state) => {
      if (state === 'open' && !wasOpen && lastSeq.current > 0) void catchUp().catch(() => {});
      wasOpen = state === 'open';
    });
  }, [catchUp]);

  const settle = useCallback((message: ChatMessage) => {
    setMessages((current) => mergeMessages(current, [message]));
    if (message.clientId !== null) {
      setPending((current) => current.filter((entry) => entry.clientId !== message.clientId));
    }
  }, []);

  useRealtimeEvent(ServerEvent.RoomMessage, true, ({ message }) => {
    if (message.roomId !== roomId) return;
    if (message.senderId === userId) settle(message);
    else setMessages((current) => mergeMessages(current, [message]));
    if (message.senderId !== userId) setOtherTyping(false);
  });
  useRealtimeEvent(ServerEvent.RoomMessageUpdated, true, ({ message }) => {
    if (message.roomId === roomId) setMessages((current) => mergeMessages(current, [message]));
  });
  useRealtimeEvent(ServerEvent.RoomMessageDeleted, true, ({ message }) => {
    if (message.roomId === roomId) setMessages((current) => mergeMessages(current, [message]));
  });
  useRealtimeEvent(ServerEvent.RoomMessageRead, true, (event) => {
    if (event.roomId === roomId && event.userId !== userId) {
      setOthersRead((seen) => Math.max(seen, event.readSeq));
    }
  });

  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useRealtimeEvent(ServerEvent.UserTyping, true, (event) => {
    if (event.roomId !== roomId || event.userId === userId) return;
    clearTimeout(typingTimer.current);
    setOtherTyping(event.typing);
    if (event.typing)
      typingTimer.current = setTimeout(() => setOtherTyping(false), TYPING_SHOWN_MS);
  });
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const deliver = useCallback(
    async (clientId: string, text: string) => {
      try {
        const ack = await realtime().emitWithAck(
          'SendMessage',
          { roomId, clientId, text },
          SEND_ACK_TIMEOUT_MS,
        );
        if (ack.result === 'ok' && ack.message) {
          settle(ack.message);
          return;
        }
        const code = ack.code;
        setPending((current) =>
          current.map((entry) =>
            entry.clientId === clientId
              ? { ...entry, status: 'failed', ...(code && { code }) }
              : entry,
          ),
        );
      } catch {
        setPending((current) =>
          current.map((entry) =>
            entry.clientId === clientId ? { ...entry, status: 'failed' } : entry,
          ),
        );
      }
    },
    [roomId, settle],
  );

  const typingSentAt = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopTyping = useCallback(() => {
    clearTimeout(idleTimer.current);
    if (typingSentAt.current === 0) return;
    typingSentAt.current = 0;
    if (realtime().connected) announceTyping(roomId, false);
  }, [roomId]);
  useEffect(() => stopTyping, [stopTyping]);

  /** Called on each keystroke: "typing" at most every few seconds, "stopped" once idle. */
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - typingSentAt.current >= TYPING_THROTTLE_MS) {
      typingSentAt.current = now;
      if (realtime().connected) announceTyping(roomId, true);
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [roomId, stopTyping]);

  const send = useCallback(
    (text: string) => {
      stopTyping();
      const clientId = newIdempotencyKey();
      setPending((current) => [
        ...current,
        { clientId, text, createdAt: new Date().toISOString(), status: 'sending' },
      ]);
      void deliver(clientId, text);
    },
    [deliver, stopTyping],
  );

  const retry = useCallback(
    (clientId: string) => {
      const entry = pending.find((candidate) => candidate.clientId === clientId);
      if (!entry) return;
      setPending((current) =>
        current.map((candidate) =>
          candidate.clientId === clientId ? { ...candidate, status: 'sending' } : candidate,
        ),
      );
      void deliver(clientId, entry.text);
    },
    [deliver, pending],
  );

  /** Edits one's own message; rejects with the ack's code when refused. */
  const edit = useCallback(async (messageId: number, text: string) => {
    const ack = await realtime().emitWithAck('UpdateMessage', { messageId, text });
    if (ack.result !== 'ok') throw new ChatRefusal(ack.code ?? ack.result);
    const stored = ack.message;
    if (stored) setMessages((current) => mergeMessages(current, [stored]));
  }, []);

  /** Deletes one's own message (it keeps its place, without its text). */
  const remove = useCallback(async (messageId: number) => {
    const ack = await realtime().emitWithAck('DeleteMessage', { messageId });
    if (ack.result !== 'ok') throw new ChatRefusal(ack.code ?? ack.result);
    setMessages((current) =>
      current.map((message) =>
        message.id === messageId ? { ...message, deleted: true, text: '' } : message,
      ),
    );
  }, []);

  /** Marks the room read up to the newest message of the other member, once it can be seen. */
  const newestFromOther = [...messages].reverse().find((message) => message.senderId !== userId);
  useEffect(() => {
    if (!newestFromOther || newestFromOther.seq <= markedSeq.current) return undefined;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      if (newestFromOther.seq <= markedSeq.current) return;
      markedSeq.current = newestFromOther.seq;
      realtime()
        .emitWithAck('MarkMessageAsRead', { roomId, messageId: newestFromOther.id })
        .catch(() => {
          // Read state is advisory: the next message or visit marks it again.
          markedSeq.current = 0;
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestFromOther, roomId]);

  return {
    messages,
    pending,
    status,
    error,
    hasMore,
    older,
    othersRead,
    otherTyping,
    reload: () => void load(),
    loadOlder: () => void loadOlder(),
    send,
    retry,
    typing,
    edit,
    remove,
  };
}

/**
 * UserTyping asks for an acknowledgement like every chat event (the server answers only those);
 * a lost one matters little, the next keystroke or the idle timer says it again.
 */
function announceTyping(roomId: number, typing: boolean): void {
  realtime()
    .emitWithAck('UserTyping', { roomId, typing })
    .catch(() => {});
}

/** A refused edit or delete: its catalogue code, or the ack's result. */
export class ChatRefusal extends Error {
  override readonly name = 'ChatRefusal';
  constructor(readonly code: string) {
    super(code);
  }
}
