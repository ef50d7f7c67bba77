import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@talaqa/api-client';
import {
  Alert,
  Button,
  Dialog,
  ERROR_MESSAGES,
  Textarea,
  UI_MESSAGES,
  buttonClasses,
  fieldErrorText,
} from '@talaqa/ui';
import { CHAT_PAGE_SIZE_MAX, Role, mayOpenRoom, messageTextSchema } from '@talaqa/domain';
import { chatApi } from '../../api';
import { tutorProfilePath, paths } from '../../paths';
import { loginPathWithNext } from '../../lib/destinations';
import { useSession } from '../../lib/session';
import { newIdempotencyKey } from '../checkout/idempotency';
import { chatKeys } from './queries';

const LABEL = 'راسل المعلم';

const roomPath = (roomId: number) => `${paths.chat}?room=${String(roomId)}`;

/**
 * "Message the tutor" on /t/{id}: the room the two already share, or a new one opened with the
 * first message (POST /chat/new; when that finds the room made meanwhile, GET
 * /chat/room/by/members leads to it). Signed out, it leads to sign-in and back; an unverified e-mail
 * is told why it cannot write yet (spec section 5).
 */
export function MessageTutorButton({ tutor }: { tutor: { id: number; name: string } }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One id per first message, so a retried request after a lost answer is not sent twice.
  const [clientId, setClientId] = useState(newIdempotencyKey);
  const user = session.user;

  if (!user) {
    return (
      <Link
        to={loginPathWithNext(tutorProfilePath(tutor.id))}
        className={buttonClasses({ variant: 'secondary' })}
      >
        {LABEL}
      </Link>
    );
  }
  if (user.id === tutor.id || !mayOpenRoom(user.role, Role.Tutor)) return null;

  async function start() {
    if (!user) return;
    setError(null);
    if (!user.verifiedEmail) {
      setOpen(true);
      return;
    }
    setOpening(true);
    try {
      // The caller's rooms with this tutor's name, rather than GET /chat/room/by/members: that
      // answers 404 for a pair without a room, the usual case here (docs/decisions/264).
      const rooms = await chatApi.rooms(user.id, { search: tutor.name, size: CHAT_PAGE_SIZE_MAX });
      const room = rooms.list.find((candidate) => candidate.other?.id === tutor.id);
      if (room) void navigate(roomPath(room.id));
      else setOpen(true);
    } catch {
      setError(UI_MESSAGES.chatLoadFailed);
    } finally {
      setOpening(false);
    }
  }

  async function send() {
    if (!user) return;
    const checked = messageTextSchema.safeParse(text);
    if (!checked.success) {
      setError(
        fieldErrorText(checked.error.issues[0]?.message) ?? UI_MESSAGES.chatRoomCreateFailed,
      );
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await chatApi.create({ userId: tutor.id, message: checked.data, clientId });
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      void navigate(roomPath(answer.room.id));
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'room-exists') {
        const room = await chatApi.byMembers(user.id, tutor.id).catch(() => null);
        if (room) {
          void navigate(roomPath(room.id));
          return;
        }
      }
      setError(
        isApiError(caught) &&
          (caught.code === 'unverified-email' || caught.code === 'too-many-requests')
          ? ERROR_MESSAGES[caught.code]
          : UI_MESSAGES.chatRoomCreateFailed,
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" loading={opening} onClick={() => void start()}>
        {LABEL}
      </Button>
      {error && !open && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setError(null);
            setClientId(newIdempotencyKey());
          }
        }}
        title={`راسل ${tutor.name}`}
        description="اكتب سؤالك أو عرّف بنفسك، وسيصل المعلم إشعار برسالتك."
      >
        {!user.verifiedEmail ? (
          <Alert tone="warning">{ERROR_MESSAGES['unverified-email']}</Alert>
        ) : (
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <Textarea
              label="رسالتك"
              dir="auto"
              rows={4}
              maxLength={2000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {error && <Alert tone="error">{error}</Alert>}
            <Button type="submit" loading={sending} disabled={!text.trim()}>
              إرسال
            </Button>
          </form>
        )}
      </Dialog>
    </div>
  );
}
