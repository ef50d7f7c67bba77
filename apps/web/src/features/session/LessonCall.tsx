import { useQuery } from '@tanstack/react-query';
import type { MeetingSessionView, SessionView, User } from '@talaqa/domain';
import { sessionApi } from '../../api';
import type { MeetingKind } from '../../api';
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

/**
 * GET /session/{kind}/{id}: an interview's or demo session's room (record 317), read as a
 * lesson's is.
 */
export function useMeetingSessionView(kind: MeetingKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['session', kind, id],
    queryFn: ({ signal }) => sessionApi.meeting(kind, id, signal),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.open === false ? SESSION_RECHECK_MS : false),
  });
}

/**
 * The call of a lesson's room, or of an interview's or demo session's (a `MeetingSessionView`:
 * its events name the kind, the manager sits in the student's seat): the engine (`useCall`)
 * under the room's screen.
 */
export function LessonCall({
  session,
  user,
  joined,
  onExit,
}: {
  session: SessionView | MeetingSessionView;
  user: User;
  joined: JoinedCall;
  onExit: () => void;
}) {
  const isTutor = user.id === session.tutorId;
  const meeting = 'kind' in session ? session : null;
  const secondSeat = meeting ? meeting.managerId : (session as SessionView).studentId;
  const call = useCall({
    sessionId: session.id,
    ...(meeting && { kind: meeting.kind }),
    userId: user.id,
    otherUserId: isTutor ? secondSeat : session.tutorId,
    // Record 286: the tutor is the polite side of perfect negotiation.
    polite: isTutor,
    stream: joined.stream,
    devices: joined.devices,
  });
  if (meeting) {
    const room = { ...meeting, chatRoom: null };
    return (
      <LessonRoom call={call} session={room} kind={meeting.kind} user={user} onExit={onExit} />
    );
  }
  return <LessonRoom call={call} session={session as SessionView} user={user} onExit={onExit} />;
}
