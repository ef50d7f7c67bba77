import { MeetingRoomPage } from './MeetingRoomPage';

/** /interview/{id}: the interview's details and, once open, its room. */
export default function InterviewPage() {
  return <MeetingRoomPage kind="interview" />;
}
