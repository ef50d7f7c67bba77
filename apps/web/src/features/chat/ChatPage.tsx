import { useSearchParams } from 'react-router';
import {
  cx,
  EmptyState,
  ErrorState,
  NotFoundIllustration,
  PageTitle,
  SkeletonRows,
  UI_MESSAGES,
} from '@talaqa/ui';
import { CHAT_PAGE_SIZE_MAX } from '@talaqa/domain';
import { useCurrentUser } from '../../lib/session';
import { Conversation } from './Conversation';
import { useChatListEvents, useRoomOutsideList, useRooms } from './queries';
import { RoomList } from './RoomList';

const roomIdOf = (value: string | null): number | null => {
  const id = Number(value);
  return value && /^\d+$/.test(value) && id > 0 ? id : null;
};

/**
 * /chat: the rooms and the open conversation (`?room=`), side by side on wide screens; on a phone
 * one pane at a time, the conversation with its way back to the list.
 */
export default function ChatPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const roomId = roomIdOf(params.get('room'));
  // The same query the list shows when nothing is searched: the open room is read from it, or
  // on its own once the list has loaded without it (beyond its first page, or made since).
  const rooms = useRooms(user.id, '', CHAT_PAGE_SIZE_MAX);
  useChatListEvents();
  const listed = rooms.data?.list.find((candidate) => candidate.id === roomId);
  const outside = useRoomOutsideList(
    user.id,
    roomId,
    rooms.isSuccess && !rooms.isFetching && listed === undefined,
  );
  const room = listed ?? outside.data ?? null;

  return (
    <div className="mx-auto flex h-[calc(100dvh-9rem)] min-h-[28rem] w-full max-w-6xl flex-col gap-3 px-4 py-4 sm:px-6">
      <div className={cx(roomId !== null && 'max-md:sr-only')}>
        <PageTitle title="المحادثات" />
      </div>
      <div className="flex min-h-0 flex-1 gap-4">
        <div
          data-testid="chat-rooms-pane"
          className={cx(
            'min-h-0 w-full flex-col md:flex md:w-80 md:shrink-0',
            roomId === null ? 'flex' : 'hidden',
          )}
        >
          <RoomList userId={user.id} selectedId={roomId} />
        </div>
        <div
          data-testid="chat-conversation-pane"
          className={cx(
            'min-h-0 flex-1 flex-col overflow-hidden rounded-2xl border border-slate-200 md:flex',
            roomId === null ? 'hidden' : 'flex',
          )}
        >
          {room ? (
            <Conversation key={room.id} room={room} userId={user.id} />
          ) : roomId !== null && outside.isError ? (
            <div className="flex flex-1 items-center justify-center p-6">
              <ErrorState
                message={UI_MESSAGES.chatLoadFailed}
                onRetry={() => void outside.refetch()}
                retrying={outside.isFetching}
              />
            </div>
          ) : roomId !== null && outside.data === null ? (
            <EmptyState
              illustration={<NotFoundIllustration />}
              title="لم نجد هذه المحادثة"
              description="ربما حُذفت، اختر محادثة من القائمة."
            />
          ) : roomId !== null && !rooms.isError ? (
            <div role="status" aria-label={UI_MESSAGES.loading} className="p-4">
              <SkeletonRows rows={4} rowClassName="h-12" />
            </div>
          ) : (
            <div className="flex flex-1 items-center justify-center p-6">
              <EmptyState
                title="اختر محادثة"
                description="اختر محادثة من القائمة لتقرأ رسائلها وترد."
              />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
