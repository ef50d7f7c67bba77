import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Avatar, Button, Spinner, UI_MESSAGES, cx, formatNumber } from '@talaqa/ui';
import type { SessionMember, SessionView, User } from '@talaqa/domain';
import { WIDE_SCREEN, useMediaQuery } from '../../lib/media-query';
import { useAssetUrl } from '../account/queries';
import type { CallHandle } from './call/types';
import { RoomChat, useUnreadWhileClosed } from './RoomChat';
import { RoomControls } from './RoomControls';
import { MicIcon, SignalIcon } from './RoomIcons';
import { RoomPopover } from './RoomPopover';
import { RoomTimer, useRoomClock } from './RoomTimer';
import { ENDING_SOON_MS, REFUSAL_TEXT, dataSizeText } from './room-text';

/** What the room shows of its session: a lesson's view, or a meeting's (record 317). */
export type RoomSession = Pick<
  SessionView,
  'tutorId' | 'members' | 'end' | 'closesAt' | 'chatRoom'
>;

/** The words naming the room's session: a lesson's, an interview's or a demo session's. */
const SESSION_WORD = {
  lesson: 'الدرس',
  interview: 'المقابلة',
  'demo-session': 'الجلسة التجريبية',
} as const;

export interface LessonRoomProps {
  call: CallHandle;
  session: RoomSession;
  /** An interview's or demo session's room; a lesson's without it. */
  kind?: keyof typeof SESSION_WORD;
  user: User;
  /** Back to the lesson page, once the call has ended or was refused. */
  onExit: () => void;
  /** The clock (tests); the room ticks its own every second without it. */
  now?: Date;
}

function VideoView({
  stream,
  label,
  muted = false,
  className,
}: {
  stream: MediaStream;
  label: string;
  muted?: boolean;
  className?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  // Browsers refuse to start sound without a click on the page (a reload straight into the room):
  // then one button starts it.
  const [soundBlocked, setSoundBlocked] = useState(false);
  useEffect(() => {
    const element = video.current;
    if (!element) return undefined;
    element.srcObject = stream;
    void Promise.resolve(element.play?.()).catch((error: unknown) => {
      if (!muted && error instanceof Error && error.name === 'NotAllowedError') {
        setSoundBlocked(true);
      }
    });
    return () => {
      element.srcObject = null;
    };
  }, [stream, muted]);
  return (
    <>
      <video
        ref={video}
        autoPlay
        playsInline
        muted={muted}
        aria-label={label}
        className={className}
      />
      {soundBlocked && (
        <button
          type="button"
          onClick={() => {
            void video.current
              ?.play()
              .then(() => setSoundBlocked(false))
              .catch(() => undefined);
          }}
          className="absolute inset-x-0 bottom-1/4 z-20 mx-auto min-h-11 w-fit rounded-xl bg-white px-4 font-semibold text-ink shadow-lg hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          شغّل الصوت
        </button>
      )}
    </>
  );
}

/** A card in the middle of the dark stage: where the call stands when there is no video. */
function StageCard({
  title,
  children,
  busy = false,
  action,
  avatar,
}: {
  title: string;
  children?: ReactNode;
  busy?: boolean;
  action?: ReactNode;
  avatar?: ReactNode;
}) {
  return (
    <div className="relative z-10 mx-4 flex max-w-md flex-col items-center gap-3 rounded-2xl bg-slate-800/90 p-6 text-center text-white shadow-xl">
      {avatar}
      {busy && <Spinner decorative />}
      <h2 className="text-lg font-bold">{title}</h2>
      {children && <p className="text-sm leading-relaxed text-slate-200">{children}</p>}
      {action}
    </div>
  );
}

/** The other member's picture in place of their video (camera off, audio only, not here yet). */
function OtherAvatar({ member, name }: { member: SessionMember | undefined; name: string }) {
  const image = useAssetUrl(member?.image);
  return <Avatar name={name} src={image} size="lg" />;
}

/** One line for screen readers whenever the call's state changes (the visible cards say more). */
function announcementOf(call: CallHandle, name: string, timeUp: boolean, word: string): string {
  if (timeUp) return `انتهى وقت ${word}.`;
  switch (call.status) {
    case 'joining':
      return `جارٍ الدخول إلى غرفة ${word}.`;
    case 'waiting':
      return `بانتظار ${name}.`;
    case 'connecting':
      return `جارٍ الاتصال بـ${name}.`;
    case 'connected':
      return call.quality === 'poor' ? `متصل بـ${name}، والاتصال ضعيف.` : `متصل بـ${name}.`;
    case 'reconnecting':
      return 'انقطع الاتصال، نحاول إعادته.';
    case 'lost':
      return 'انقطع الاتصال.';
    case 'refused':
      return REFUSAL_TEXT[call.refusal && call.refusal !== 'ok' ? call.refusal : 'unreachable']
        .title;
    case 'ended':
      return 'انتهت المكالمة.';
  }
}

function StatsDetails({ call }: { call: CallHandle }) {
  const { roundTripMs, lossPercent, relayed, bytesUsed } = call.stats;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted">البيانات المستهلكة</dt>
      <dd className="font-semibold">{dataSizeText(bytesUsed)}</dd>
      <dt className="text-muted">زمن الذهاب والعودة</dt>
      <dd className="font-semibold">
        {roundTripMs === null ? '—' : `${formatNumber(Math.round(roundTripMs))} ملّي ثانية`}
      </dd>
      <dt className="text-muted">الحزم المفقودة</dt>
      <dd className="font-semibold">
        {lossPercent === null ? '—' : `${formatNumber(Math.round(lossPercent * 10) / 10)}٪`}
      </dd>
      <dt className="text-muted">المسار</dt>
      <dd className="font-semibold">{relayed ? 'عبر خادم وسيط' : 'مباشر'}</dd>
    </dl>
  );
}

/**
 * The lesson room (issue 19, docs/decisions/297-lesson-room-screen.md): the other member's video
 * large, one's own small, where the call stands, the time left, the data used, the controls and
 * the lesson's chat. It only renders a call (`CallHandle`) and asks things of it; it holds no
 * media of its own.
 */
export function LessonRoom({
  call,
  session,
  kind = 'lesson',
  user,
  onExit,
  now: fixedNow,
}: LessonRoomProps) {
  const word = SESSION_WORD[kind];
  const now = useRoomClock(fixedNow);
  const wide = useMediaQuery(WIDE_SCREEN);
  const [chatOpen, setChatOpen] = useState(false);
  const chatButton = useRef<HTMLButtonElement>(null);
  const chatRoom = session.chatRoom;
  const { unread, clear } = useUnreadWhileClosed(chatRoom, user.id, chatOpen);

  const other = session.members.find((member) => member.id !== user.id);
  const otherRole =
    user.id !== session.tutorId ? 'المعلم' : kind === 'lesson' ? 'الطالب' : 'مسؤول المقابلات';
  const name = other?.name ?? otherRole;
  const end = new Date(session.end);
  const left = end.getTime() - now.getTime();
  const timeUp = left <= 0 || now.getTime() >= new Date(session.closesAt).getTime();
  const endingSoon = !timeUp && left <= ENDING_SOON_MS;

  // The lesson's time is over: the room closes on the server too, so stop the camera and
  // microphone here instead of waiting for the engine to hear it.
  const leftAtEnd = useRef(false);
  useEffect(() => {
    if (!timeUp || leftAtEnd.current) return;
    if (call.status === 'ended' || call.status === 'refused') return;
    leftAtEnd.current = true;
    call.leave();
  }, [timeUp, call]);

  const status = timeUp ? 'ended' : call.status;
  const inCall = status === 'connected' || status === 'reconnecting';
  const over = status === 'ended' || status === 'refused';
  const { remote } = call;
  const remoteVideo =
    inCall &&
    call.remoteStream !== null &&
    (remote.sharingScreen || (remote.cameraOn && call.dataSaver !== 'audio'));
  const poor = status === 'connected' && call.quality === 'poor';

  let stageCard: ReactNode = null;
  if (status === 'joining') stageCard = <StageCard busy title={`جارٍ الدخول إلى غرفة ${word}…`} />;
  else if (status === 'waiting')
    stageCard = (
      <StageCard title={`بانتظار ${name}`} avatar={<OtherAvatar member={other} name={name} />}>
        {`لم يدخل ${name} الغرفة بعد. سيبدأ الاتصال وحده حين يدخل.`}
      </StageCard>
    );
  else if (status === 'connecting') stageCard = <StageCard busy title={`جارٍ الاتصال بـ${name}…`} />;
  else if (status === 'lost')
    stageCard = (
      <StageCard
        title="انقطع الاتصال"
        action={
          <Button variant="secondary" onClick={() => call.retry()}>
            {UI_MESSAGES.retry}
          </Button>
        }
      >
        لم نتمكن من إعادة الاتصال. تأكد من اتصالك بالإنترنت؛ ونحن نواصل المحاولة.
      </StageCard>
    );
  else if (status === 'refused') {
    const refusal =
      REFUSAL_TEXT[call.refusal && call.refusal !== 'ok' ? call.refusal : 'unreachable'];
    stageCard = (
      <StageCard
        title={refusal.title}
        action={<Button onClick={onExit}>{`العودة إلى صفحة ${word}`}</Button>}
      >
        {refusal.body}
      </StageCard>
    );
  } else if (status === 'ended')
    stageCard = (
      <StageCard
        title={timeUp ? `انتهى وقت ${word}` : 'انتهت المكالمة'}
        action={<Button onClick={onExit}>{`العودة إلى صفحة ${word}`}</Button>}
      >
        {timeUp
          ? kind === 'lesson'
            ? 'أُغلقت غرفة الدرس عند نهايته. نتمنى أن يكون درسًا مفيدًا.'
            : `أُغلقت غرفة ${word} عند نهاية موعدها.`
          : `خرجت من غرفة ${word} أو أُغلقت الغرفة.`}
      </StageCard>
    );
  else if (inCall && !remoteVideo)
    stageCard = (
      <div className="relative z-10 flex flex-col items-center gap-2 text-white">
        <OtherAvatar member={other} name={name} />
        <p className="text-sm text-slate-200">
          {call.dataSaver === 'audio' && remote.cameraOn
            ? 'الفيديو متوقف لتوفير البيانات'
            : !remote.cameraOn
              ? 'الكاميرا مغلقة'
              : `بانتظار فيديو ${name}…`}
        </p>
      </div>
    );

  return (
    <div className="fixed inset-0 z-30 flex flex-col overflow-hidden bg-slate-950 text-white">
      <p role="status" aria-live="polite" className="sr-only">
        {announcementOf(call, name, timeUp, word)}
        {endingSoon && ` بقيت خمس دقائق على نهاية ${word}.`}
      </p>

      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2">
        <div className="flex min-w-0 items-center gap-2">
          <h1 className="truncate font-bold">
            <span className="text-slate-300">{otherRole}: </span>
            {name}
          </h1>
          {poor && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-ink">
              <SignalIcon className="size-4" />
              الاتصال ضعيف
            </span>
          )}
        </div>
        <div className="flex items-center gap-2">
          {!over && <RoomTimer end={end} now={now} word={word} />}
          <RoomPopover
            label="تفاصيل الاتصال"
            buttonClassName="rounded-md px-2 py-1 text-sm text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            panelClassName="absolute end-0 top-full mt-2 w-72"
            button={() => (
              <>
                <span className="max-sm:sr-only">استُهلك </span>
                {dataSizeText(call.stats.bytesUsed)}
              </>
            )}
          >
            <StatsDetails call={call} />
          </RoomPopover>
        </div>
      </header>

      {endingSoon && (
        <p className="bg-amber-400 px-3 py-1.5 text-center text-sm font-semibold text-ink">
          {`بقيت خمس دقائق أو أقل على نهاية ${word}.`}
        </p>
      )}
      {status === 'reconnecting' && (
        <p className="flex items-center justify-center gap-2 bg-amber-400 px-3 py-1.5 text-sm font-semibold text-ink">
          <Spinner size="sm" decorative />
          انقطع الاتصال، نحاول إعادته…
        </p>
      )}
      {inCall && call.dataSaverSuggested && call.dataSaver === 'off' && (
        <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-slate-800 px-3 py-1.5 text-sm">
          <span>الاتصال ضعيف؛ توفير البيانات يخفّض جودة الفيديو ليبقى الصوت واضحًا.</span>
          <button
            type="button"
            onClick={() => call.setDataSaver('video')}
            className="min-h-9 rounded-lg bg-white px-3 font-semibold text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            شغّل توفير البيانات
          </button>
        </div>
      )}

      <div className="flex min-h-0 flex-1">
        <div className="relative flex min-h-0 min-w-0 flex-1 items-center justify-center overflow-hidden bg-slate-900">
          {inCall && call.remoteStream && (
            <VideoView
              stream={call.remoteStream}
              label={remote.sharingScreen ? `شاشة ${name}` : `فيديو ${name}`}
              className={cx(
                'absolute inset-0 size-full',
                // A shared screen is read whole; a face may fill the stage on a wide screen.
                remote.sharingScreen ? 'object-contain' : 'object-contain md:object-cover',
                // Hidden, not removed: the other member's voice plays through it.
                !remoteVideo && 'invisible',
              )}
            />
          )}
          {stageCard}

          {inCall && (
            <div className="absolute start-3 top-3 z-10 flex flex-wrap items-center gap-2 text-xs font-semibold">
              <span className="rounded-full bg-slate-950/70 px-2 py-1">{name}</span>
              {!remote.micOn && (
                <span className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-1">
                  <MicIcon off className="size-4" />
                  الميكروفون مغلق
                </span>
              )}
              {remote.sharingScreen && (
                <span className="rounded-full bg-brand-600 px-2 py-1">يشارك الشاشة</span>
              )}
            </div>
          )}

          {!over && (
            <div className="absolute end-3 bottom-3 z-10 aspect-video w-28 overflow-hidden rounded-xl bg-slate-800 shadow-lg ring-2 ring-white/20 sm:w-40 md:w-56">
              {call.cameraOn || call.sharingScreen ? (
                <VideoView
                  stream={call.localStream}
                  muted
                  label={call.sharingScreen ? 'ما تشاركه' : 'صورتك'}
                  // Mirrored as in a mirror; a shared screen's text must read the right way.
                  className={cx('size-full object-cover', !call.sharingScreen && '-scale-x-100')}
                />
              ) : (
                <div className="flex size-full flex-col items-center justify-center gap-1">
                  <Avatar name={user.name} size="sm" />
                  <span className="text-xs text-slate-300">كاميرتك مغلقة</span>
                </div>
              )}
            </div>
          )}
        </div>

        {chatRoom && wide && (
          <RoomChat
            room={chatRoom}
            userId={user.id}
            open={chatOpen}
            onClose={() => setChatOpen(false)}
            wide
            opener={chatButton}
          />
        )}
      </div>

      {!over && (
        <RoomControls
          call={call}
          word={word}
          chat={
            chatRoom && {
              open: chatOpen,
              unread,
              ref: chatButton,
              onToggle: () => {
                clear();
                setChatOpen((was) => !was);
              },
            }
          }
        />
      )}
      {chatRoom && !wide && (
        <RoomChat
          room={chatRoom}
          userId={user.id}
          open={chatOpen}
          onClose={() => setChatOpen(false)}
          wide={false}
          opener={chatButton}
        />
      )}
    </div>
  );
}
