import { useId } from 'react';
import { Link } from 'react-router';
import {
  Avatar,
  EmptyState,
  ErrorState,
  formatNumber,
  NoChatsIllustration,
  Skeleton,
  UI_MESSAGES,
} from '@talaqa/ui';
import { paths } from '../../paths';
import { useCurrentUser } from '../../lib/session';
import { lastMessageText, unreadMessagesText } from './labels';
import { useChatListEvents, useRooms } from './queries';

/** Rooms the dashboard shows; the rest are one link away. */
export const SUMMARY_ROOMS = 3;

/** The student dashboard's chats summary: the latest rooms, their unread counts, a way to /chat. */
export function ChatsSummary() {
  const headingId = useId();
  const user = useCurrentUser();
  const rooms = useRooms(user.id, '', SUMMARY_ROOMS);
  useChatListEvents();
  const unread = rooms.data?.list.reduce((sum, room) => sum + room.unread, 0) ?? 0;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-ink">
          المحادثات
          {unread > 0 && (
            <span className="ms-2 rounded-full bg-brand-600 px-2 text-sm text-white">
              {formatNumber(unread)} غير مقروءة
            </span>
          )}
        </h2>
        <Link
          to={paths.chat}
          className="text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          كل المحادثات
        </Link>
      </div>
      {rooms.isPending ? (
        <div role="status" aria-label="جارٍ تحميل المحادثات" className="flex flex-col gap-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : rooms.isError ? (
        <ErrorState
          message={UI_MESSAGES.chatLoadFailed}
          onRetry={() => void rooms.refetch()}
          retrying={rooms.isFetching}
        />
      ) : rooms.data.list.length === 0 ? (
        <EmptyState
          illustration={<NoChatsIllustration />}
          title="لا توجد محادثات بعد"
          description="راسل معلمًا من صفحته لتسأله قبل أن تحجز."
        />
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {rooms.data.list.map((room) => {
            const name = room.other?.name ?? 'مستخدم محذوف';
            return (
              <li key={room.id}>
                <Link
                  to={`${paths.chat}?room=${String(room.id)}`}
                  className="flex items-center gap-3 p-3 hover:bg-slate-50"
                >
                  <Avatar name={name} size="sm" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-semibold text-ink">{name}</span>
                    <span className="truncate text-sm text-muted">{lastMessageText(room)}</span>
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
          })}
        </ul>
      )}
    </section>
  );
}
