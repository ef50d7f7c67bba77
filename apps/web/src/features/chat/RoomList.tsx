import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  Avatar,
  Badge,
  cx,
  EmptyState,
  ErrorState,
  formatNumber,
  Input,
  NoChatsIllustration,
  NoResultsIllustration,
  SkeletonRows,
  UI_MESSAGES,
} from '@talaqa/ui';
import type { ChatRoom } from '@talaqa/domain';
import { CHAT_PAGE_SIZE_MAX, CHAT_SEARCH_MAX_LENGTH } from '@talaqa/domain';
import { paths } from '../../paths';
import { lastMessageText, presenceText, roomTypeLabel, unreadMessagesText } from './labels';
import { usePresence, useRooms } from './queries';

/** Typing in the search box asks the server once the person pauses. */
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function RoomItem({ room, selected }: { room: ChatRoom; selected: boolean }) {
  const presence = usePresence(room.other?.id);
  const name = room.other?.name ?? 'مستخدم محذوف';
  const kind = roomTypeLabel(room);
  return (
    <li>
      <Link
        to={`${paths.chat}?room=${String(room.id)}`}
        aria-current={selected ? 'page' : undefined}
        className={cx(
          'flex items-center gap-3 rounded-xl px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-600',
          selected ? 'bg-brand-50' : 'hover:bg-slate-50',
        )}
      >
        <span className="relative">
          <Avatar name={name} src={null} size="sm" />
          {presence?.online && (
            <span
              className="absolute -bottom-0.5 -end-0.5 size-3 rounded-full bg-emerald-500 ring-2 ring-white"
              aria-hidden="true"
            />
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-center gap-1 font-semibold text-ink">
            <span className="truncate">{name}</span>
            {kind && (
              <Badge tone="brand" className="shrink-0">
                {kind}
              </Badge>
            )}
            {room.pinned && <span className="text-sm text-muted">· مثبّتة</span>}
            {room.muted && <span className="text-sm text-muted">· مكتومة</span>}
          </span>
          <span className="truncate text-sm text-muted">{lastMessageText(room)}</span>
          {presence && <span className="sr-only">{presenceText(presence)}</span>}
        </span>
        {room.unread > 0 && (
          <span
            className="min-w-6 rounded-full bg-brand-600 px-2 text-center text-xs font-bold text-white"
            aria-label={unreadMessagesText(room.unread)}
          >
            {formatNumber(room.unread)}
          </span>
        )}
      </Link>
    </li>
  );
}

function Section({
  title,
  rooms,
  selectedId,
}: {
  title: string;
  rooms: ChatRoom[];
  selectedId: number | null;
}) {
  const id = useId();
  if (rooms.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h2 id={id} className="px-3 text-sm font-bold text-muted">
        {title}
      </h2>
      <ul className="flex flex-col gap-1">
        {rooms.map((room) => (
          <RoomItem key={room.id} room={room} selected={room.id === selectedId} />
        ))}
      </ul>
    </section>
  );
}

/** The caller's rooms: pinned first, then all; searched by the other's name or message text. */
export function RoomList({ userId, selectedId }: { userId: number; selectedId: number | null }) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const rooms = useRooms(userId, query, CHAT_PAGE_SIZE_MAX);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <Input
        label="ابحث في المحادثات"
        hint="باسم الشخص أو بنص رسالة"
        type="search"
        value={search}
        maxLength={CHAT_SEARCH_MAX_LENGTH}
        onChange={(event) => setSearch(event.target.value)}
        dir="auto"
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {rooms.isPending ? (
          <div role="status" aria-label={UI_MESSAGES.loading}>
            <SkeletonRows rows={4} rowClassName="h-12" />
          </div>
        ) : rooms.isError ? (
          <ErrorState
            message={UI_MESSAGES.chatLoadFailed}
            onRetry={() => void rooms.refetch()}
            retrying={rooms.isFetching}
          />
        ) : rooms.data.list.length === 0 ? (
          query ? (
            <EmptyState
              illustration={<NoResultsIllustration />}
              title="لا نتائج"
              description="لم نجد محادثة بهذا الاسم أو النص."
            />
          ) : (
            <EmptyState
              illustration={<NoChatsIllustration />}
              title="لا توجد محادثات بعد"
              description="راسل معلمًا من صفحته لتبدأ أول محادثة."
              action={
                <Link to={paths.tutors} className="font-semibold text-brand-700 underline">
                  تصفّح المعلمين
                </Link>
              }
            />
          )
        ) : (
          <div className="flex flex-col gap-4">
            <Section
              title="المثبّتة"
              rooms={rooms.data.list.filter((room) => room.pinned)}
              selectedId={selectedId}
            />
            <Section
              title={query ? 'نتائج البحث' : 'كل المحادثات'}
              rooms={rooms.data.list.filter((room) => !room.pinned)}
              selectedId={selectedId}
            />
          </div>
        )}
      </div>
    </div>
  );
}
