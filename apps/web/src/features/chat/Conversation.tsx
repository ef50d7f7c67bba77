import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import {
  Avatar,
  Button,
  ConfirmDialog,
  ErrorState,
  Spinner,
  UI_MESSAGES,
  cx,
  messageForError,
  useToast,
} from '@talaqa/ui';
import { ERROR_MESSAGES } from '@talaqa/ui';
import { formatCairoTime } from '@talaqa/domain';
import type { ChatMessage, ChatRoom } from '@talaqa/domain';
import { paths } from '../../paths';
import { useAssetUrl } from '../account/queries';
import { DELETED_MESSAGE_TEXT, EDITED_MARK, byCairoDay, presenceText } from './labels';
import { usePresence, useRoomMembers, useRoomSettings } from './queries';
import { useConversation } from './useConversation';
import type { PendingMessage } from './useConversation';

/** Scrolling this close to the top asks for the older page. */
const OLDER_THRESHOLD_PX = 48;

type Entry =
  { kind: 'message'; message: ChatMessage } | { kind: 'pending'; pending: PendingMessage };

function ReadTicks({ read }: { read: boolean }) {
  return (
    <span
      className={cx('text-xs', read ? 'text-sky-600' : 'text-muted')}
      role="img"
      aria-label={read ? 'قُرئت' : 'أُرسلت'}
    >
      {read ? '✓✓' : '✓'}
    </span>
  );
}

function MessageBubble({
  message,
  mine,
  read,
  onEdit,
  onDelete,
}: {
  message: ChatMessage;
  mine: boolean;
  read: boolean;
  onEdit: (message: ChatMessage, text: string) => Promise<void>;
  onDelete: (message: ChatMessage) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.text);
  const [saving, setSaving] = useState(false);
  const time = formatCairoTime(new Date(message.createdAt));

  async function save() {
    const text = draft.trim();
    if (!text || text === message.text) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await onEdit(message, text);
      setEditing(false);
    } catch {
      // The toast said why; the draft stays open for another try.
    } finally {
      setSaving(false);
    }
  }

  return (
    <li className={cx('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cx(
          'flex max-w-[85%] flex-col gap-1 rounded-2xl px-3 py-2 sm:max-w-[70%]',
          mine ? 'bg-brand-600 text-white' : 'bg-white text-ink ring-1 ring-slate-200',
        )}
      >
        {message.deleted ? (
          <p className={cx('italic', mine ? 'text-white/80' : 'text-muted')}>
            {DELETED_MESSAGE_TEXT}
          </p>
        ) : editing ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <label className="sr-only" htmlFor={`edit-${String(message.id)}`}>
              تعديل الرسالة
            </label>
            <textarea
              id={`edit-${String(message.id)}`}
              dir="auto"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              className="min-w-48 rounded-lg p-2 text-ink"
              rows={2}
            />
            <div className="flex gap-2">
              <Button type="submit" size="sm" variant="secondary" loading={saving}>
                حفظ التعديل
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
                إلغاء
              </Button>
            </div>
          </form>
        ) : (
          <p dir="auto" className="whitespace-pre-wrap break-words">
            {message.text}
          </p>
        )}
        <div
          className={cx(
            'flex flex-wrap items-center gap-2 text-sm',
            mine ? 'text-white/80' : 'text-muted',
          )}
        >
          <time dateTime={message.createdAt}>{time}</time>
          {message.edited && !message.deleted && <span>({EDITED_MARK})</span>}
          {mine && !message.deleted && (
            <span className="rounded bg-white/90 px-1">
              <ReadTicks read={read} />
            </span>
          )}
          {mine && !message.deleted && !editing && (
            <>
              <button
                type="button"
                className="underline"
                onClick={() => {
                  setDraft(message.text);
                  setEditing(true);
                }}
              >
                تعديل
              </button>
              <button type="button" className="underline" onClick={() => onDelete(message)}>
                حذف
              </button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

function PendingBubble({ pending, onRetry }: { pending: PendingMessage; onRetry: () => void }) {
  return (
    <li className="flex justify-end">
      <div className="flex max-w-[85%] flex-col gap-1 rounded-2xl bg-brand-100 px-3 py-2 text-ink sm:max-w-[70%]">
        <p dir="auto" className="whitespace-pre-wrap break-words">
          {pending.text}
        </p>
        {pending.status === 'sending' ? (
          <span className="text-sm text-muted">جارٍ الإرسال…</span>
        ) : (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
            <span>
              {pending.code && pending.code !== 'too-many-requests'
                ? ERROR_MESSAGES[pending.code]
                : UI_MESSAGES.messageSendFailed}
            </span>
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {UI_MESSAGES.retry}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function Composer({ onSend, onTyping }: { onSend: (text: string) => void; onTyping: () => void }) {
  const [text, setText] = useState('');
  function submit() {
    const value = text.trim();
    if (!value) return;
    onSend(value);
    setText('');
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line (as in every chat people know).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }
  return (
    <form
      className="flex items-end gap-2 border-t border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor="chat-composer" className="sr-only">
        اكتب رسالتك
      </label>
      <textarea
        id="chat-composer"
        dir="auto"
        rows={1}
        maxLength={2000}
        value={text}
        placeholder="اكتب رسالتك…"
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value) onTyping();
        }}
        onKeyDown={onKeyDown}
        className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 focus:outline-2 focus:outline-brand-600"
      />
      <Button type="submit" disabled={!text.trim()}>
        إرسال
      </Button>
    </form>
  );
}

/**
 * One room: header with presence, pin and mute; the messages; typing; the composer. `compact`
 * (the lesson room's chat panel) leaves out the way back to the list and the pin and mute
 * buttons, which belong to the chat page.
 */
export function Conversation({
  room,
  userId,
  compact = false,
}: {
  room: ChatRoom;
  userId: number;
  compact?: boolean;
}) {
  const toast = useToast();
  const conversation = useConversation({
    roomId: room.id,
    userId,
    otherReadSeq: room.otherReadSeq,
    readSeq: room.readSeq,
  });
  useRoomMembers(room.id);
  const presence = usePresence(room.other?.id);
  const image = useAssetUrl(room.other?.image);
  const settings = useRoomSettings();
  const [toDelete, setToDelete] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState(false);
  const name = room.other?.name ?? 'مستخدم محذوف';

  const scroller = useRef<HTMLDivElement>(null);
  const pinnedToBottom = useRef(true);
  const previousHeight = useRef(0);
  const newestKey = `${String(conversation.messages.at(-1)?.id ?? 0)}:${String(conversation.pending.length)}`;
  const oldestSeq = conversation.messages[0]?.seq ?? 0;

  // Newest last: stay at the bottom as messages arrive, unless the person scrolled up to read.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && pinnedToBottom.current) element.scrollTop = element.scrollHeight;
  }, [newestKey, conversation.status]);
  // An older page grows the list above: keep the message the person was reading in place.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (previousHeight.current && !pinnedToBottom.current) {
      element.scrollTop += element.scrollHeight - previousHeight.current;
    }
    previousHeight.current = element.scrollHeight;
  }, [oldestSeq]);
  useEffect(() => {
    pinnedToBottom.current = true;
  }, [room.id]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    pinnedToBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < OLDER_THRESHOLD_PX;
    previousHeight.current = element.scrollHeight;
    if (element.scrollTop < OLDER_THRESHOLD_PX && conversation.hasMore) conversation.loadOlder();
  }

  function changeSetting(body: { pinned?: boolean; muted?: boolean }) {
    settings.mutate(
      { roomId: room.id, body },
      { onError: () => toast.error(UI_MESSAGES.chatSettingsFailed) },
    );
  }

  async function edit(message: ChatMessage, text: string) {
    try {
      await conversation.edit(message.id, text);
    } catch (error) {
      toast.error(messageForError(error));
      throw error;
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await conversation.remove(toDelete.id);
      setToDelete(null);
    } catch (error) {
      toast.error(messageForError(error));
    } finally {
      setDeleting(false);
    }
  }

  const entries: (Entry & { createdAt: string })[] = [
    ...conversation.messages.map((message) => ({
      kind: 'message' as const,
      message,
      createdAt: message.createdAt,
    })),
    ...conversation.pending.map((pending) => ({
      kind: 'pending' as const,
      pending,
      createdAt: pending.createdAt,
    })),
  ];

  return (
    <section aria-labelledby="chat-conversation-title" className="flex min-h-0 flex-1 flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white p-3">
        {!compact && (
          <Link
            to={paths.chat}
            className="rounded-lg px-2 py-1 text-xl font-semibold text-brand-700 md:hidden"
            aria-label="العودة إلى المحادثات"
          >
            <span aria-hidden="true">→</span>
          </Link>
        )}
        <Avatar name={name} src={image} size="sm" />
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 id="chat-conversation-title" className="truncate font-bold text-ink">
            {name}
          </h2>
          <p className="text-sm text-muted" aria-live="polite">
            {conversation.otherTyping
              ? `${name} يكتب الآن…`
              : presence
                ? presenceText(presence)
                : ''}
          </p>
        </div>
        {/* On a phone the actions take their own row, so the name stays readable. */}
        {!compact && (
          <div className="flex gap-2 max-sm:basis-full max-sm:justify-end">
            <Button
              size="sm"
              variant="secondary"
              aria-pressed={room.pinned}
              loading={settings.isPending && settings.variables.body.pinned !== undefined}
              onClick={() => changeSetting({ pinned: !room.pinned })}
            >
              {room.pinned ? 'إلغاء التثبيت' : 'تثبيت'}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-pressed={room.muted}
              loading={settings.isPending && settings.variables.body.muted !== undefined}
              onClick={() => changeSetting({ muted: !room.muted })}
            >
              {room.muted ? 'إلغاء الكتم' : 'كتم'}
            </Button>
          </div>
        )}
      </header>

      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 p-3"
        tabIndex={0}
        aria-label="الرسائل"
      >
        {conversation.status === 'loading' ? (
          <div role="status" aria-label={UI_MESSAGES.loading} className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : conversation.status === 'error' ? (
          <ErrorState message={UI_MESSAGES.chatLoadFailed} onRetry={conversation.reload} />
        ) : (
          <>
            {conversation.hasMore && (
              <div className="flex justify-center pb-2">
                <Button
                  size="sm"
                  variant="ghost"
                  loading={conversation.older.loading}
                  onClick={conversation.loadOlder}
                >
                  {conversation.older.error ? 'تعذّر التحميل، أعد المحاولة' : 'رسائل أقدم'}
                </Button>
              </div>
            )}
            {entries.length === 0 && (
              <p className="p-6 text-center text-muted">لا رسائل بعد، اكتب أول رسالة.</p>
            )}
            <ol role="log" aria-label={`المحادثة مع ${name}`} className="flex flex-col gap-3">
              {byCairoDay(entries).map((group) => (
                <li key={group.day} className="flex flex-col gap-2">
                  <p className="self-center rounded-full bg-slate-200 px-3 py-0.5 text-sm text-slate-700">
                    {group.day}
                  </p>
                  <ul className="flex flex-col gap-2">
                    {group.items.map((entry) =>
                      entry.kind === 'message' ? (
                        <MessageBubble
                          key={`m${String(entry.message.id)}`}
                          message={entry.message}
                          mine={entry.message.senderId === userId}
                          read={entry.message.seq <= conversation.othersRead}
                          onEdit={edit}
                          onDelete={setToDelete}
                        />
                      ) : (
                        <PendingBubble
                          key={`p${entry.pending.clientId}`}
                          pending={entry.pending}
                          onRetry={() => conversation.retry(entry.pending.clientId)}
                        />
                      ),
                    )}
                  </ul>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>

      <Composer onSend={conversation.send} onTyping={conversation.typing} />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="حذف الرسالة؟"
        description="ستختفي الرسالة عند الطرفين ويبقى مكانها مكتوبًا فيه أنها حُذفت."
        confirmLabel="حذف"
        onConfirm={() => void confirmDelete()}
        loading={deleting}
      />
    </section>
  );
}
