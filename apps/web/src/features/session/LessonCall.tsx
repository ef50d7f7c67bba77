import { useQuery } from '@tanstack/react-query';
import type { SessionView, User } from '@talaqa/domain';
import { sessionApi } from '../../api';
import { useCall } from './call/useCall';
import { LessonRoom } from './LessonRoom';
import type { ChosenDevices } from './media';

/** What the ready screen hands over when its person joins. */
export interface JoinedCall {
  stream: MediaStream;
  devices: ChosenDevices;
}

/** While the server says the room is not open yet (a device clock ahead), it asks again. */
const SESSION_RECHECK_MS = 15_000;

/**
 * GET /session/{id}: the room's members, window and chat, read afresh on each visit; asked again
 * while the server's clock says the room is not open yet.
 */
export function useSessionView(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['session', id],
    queryFn: ({ signal }) => sessionApi.get(id, signal),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.open === false ? SESSION_RECHECK_MS : false),
  });
}

/** The call of a lesson's room: the engine (`useCall`) under the room's screen. */
export function LessonCall({
  session,
  user,
  joined,
  onExit,
}: {
  session: SessionView;
  user: User;
  joined: JoinedCall;
  onExit: () => void;
}) {
  const isTutor = user.id === session.tutorId;
  const call = useCall({
    sessionId: session.id,
    userId: user.id,
    otherUserId: isTutor ? session.studentId : session.tutorId,
    // Record 286: the tutor is the polite side of perfect negotiation.
    polite: isTutor,
    stream: joined.stream,
    devices: joined.devices,
  });
  return <LessonRoom call={call} session={session} user={user} onExit={onExit} />;
}
