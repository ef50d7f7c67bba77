import { MeetingRoomPage } from './MeetingRoomPage';

/** /demo-session/{id}: the demo session's details and, once open, its room. */
export default function DemoSessionPage() {
  return <MeetingRoomPage kind="demo-session" />;
}
