import { useEffect, useState } from 'react';
import { Link, generatePath } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Skeleton,
  messageForError,
  useToast,
} from '@talaqa/ui';
import type { BadgeTone } from '@talaqa/ui';
import {
  DemoSessionStatus,
  InterviewStatus,
  SESSION_OPENS_BEFORE_MINUTES,
  checkDemoSessionTransition,
  checkInterviewTransition,
  checkRetry,
  demoSessionOutcome,
  formatCairoDate,
  formatCairoDateTime,
  interviewOutcome,
} from '@talaqa/domain';
import type { DemoSessionView, InterviewView, RetryVerdict } from '@talaqa/domain';
import { paths } from '../../paths';
import { BookMeetingDialog } from './BookMeetingDialog';
import { useCancelMeeting, useOwnDemoSessions, useOwnInterviews } from './meetings-queries';
import type { MeetingKind } from './meetings-queries';

type Outcome = 'pending' | 'passed' | 'rejected' | 'canceled';

/** One interview or demo session as the tutor's list shows it. */
interface Meeting {
  kind: MeetingKind;
  id: number;
  start: Date;
  end: Date;
  outcome: Outcome;
  statusLabel: string;
  manager: string;
  /** The manager's feedback once decided; the private note is never shown. */
  feedback: string | null;
  canCancel: boolean;
}

const INTERVIEW_STATUS_AR: Record<InterviewStatus, string> = {
  [InterviewStatus.Pending]: 'محجوزة',
  [InterviewStatus.Passed]: 'اجتزتها',
  [InterviewStatus.Rejected]: 'لم تُقبل',
  [InterviewStatus.CanceledByInterviewer]: 'ألغاها المسؤول',
  [InterviewStatus.CanceledByInterviewee]: 'ألغيتها',
};

const DEMO_STATUS_AR: Record<DemoSessionStatus, string> = {
  [DemoSessionStatus.Pending]: 'محجوزة',
  [DemoSessionStatus.Passed]: 'اجتزتها',
  [DemoSessionStatus.Rejected]: 'لم تُقبل',
  [DemoSessionStatus.CanceledByTutorManager]: 'ألغاها المسؤول',
  [DemoSessionStatus.CanceledByTutor]: 'ألغيتها',
  [DemoSessionStatus.CanceledByAdmin]: 'ألغتها الإدارة',
};

const KIND_AR: Record<MeetingKind, string> = {
  interview: 'المقابلة',
  'demo-session': 'الجلسة التجريبية',
};

const TONE: Record<Outcome, BadgeTone> = {
  pending: 'warning',
  passed: 'success',
  rejected: 'danger',
  canceled: 'neutral',
};

const AWAITING_DECISION = 'بانتظار القرار';

function fromInterview(item: InterviewView, now: Date): Meeting {
  const start = new Date(item.start);
  const outcome = interviewOutcome(item.status);
  return {
    kind: 'interview',
    id: item.id,
    start,
    end: new Date(item.end),
    outcome,
    statusLabel:
      outcome === 'pending' && start <= now ? AWAITING_DECISION : INTERVIEW_STATUS_AR[item.status],
    manager: item.interviewer.name,
    feedback: outcome === 'passed' || outcome === 'rejected' ? item.feedback : null,
    canCancel: checkInterviewTransition(
      { status: item.status, start },
      InterviewStatus.CanceledByInterviewee,
      'tutor',
      now,
    ).ok,
  };
}

function fromDemoSession(item: DemoSessionView, now: Date): Meeting {
  const start = new Date(item.start);
  const outcome = demoSessionOutcome(item.status);
  return {
    kind: 'demo-session',
    id: item.id,
    start,
    end: new Date(item.end),
    outcome,
    statusLabel:
      outcome === 'pending' && start <= now ? AWAITING_DECISION : DEMO_STATUS_AR[item.status],
    manager: item.tutorManager.name,
    feedback: outcome === 'passed' || outcome === 'rejected' ? item.feedback : null,
    canCancel: checkDemoSessionTransition(
      { status: item.status, start },
      DemoSessionStatus.CanceledByTutor,
      'tutor',
      now,
    ).ok,
  };
}

const roomPath = (meeting: Meeting): string =>
  generatePath(meeting.kind === 'interview' ? paths.interview : paths.demoSession, {
    id: String(meeting.id),
  });

/** The room opens `SESSION_OPENS_BEFORE_MINUTES` before the start, until the end (record 317). */
const roomOpen = (meeting: Meeting, now: Date): boolean =>
  meeting.outcome === 'pending' &&
  now.getTime() >= meeting.start.getTime() - SESSION_OPENS_BEFORE_MINUTES * 60_000 &&
  now.getTime() < meeting.end.getTime();

/** The current time, moved on every half minute (room links and cancel buttons follow it). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The tutor's interviews and demo sessions (issue 21 items 3, 4): book one with a manager, see
 * the upcoming and past ones with their state, the manager's feedback and the room link, and
 * cancel until the start. Demo sessions are offered only after a passed interview (record 315).
 */
export function TutorMeetings() {
  const interviews = useOwnInterviews();
  const demos = useOwnDemoSessions();
  const now = useNow();
  const [booking, setBooking] = useState<MeetingKind | null>(null);

  if (interviews.isError || demos.isError) {
    return (
      <ErrorState
        title="تعذّر تحميل مواعيدك"
        error={interviews.error ?? demos.error}
        retrying={interviews.isFetching || demos.isFetching}
        onRetry={() => {
          void interviews.refetch();
          void demos.refetch();
        }}
      />
    );
  }
  if (!interviews.data || !demos.data) {
    return (
      <div role="status" aria-label="جارٍ تحميل مواعيدك" className="flex flex-col gap-3">
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-24 rounded-2xl" />
      </div>
    );
  }

  const meetings = [
    ...interviews.data.list.map((item) => fromInterview(item, now)),
    ...demos.data.list.map((item) => fromDemoSession(item, now)),
  ];
  const upcoming = meetings
    .filter((meeting) => meeting.outcome === 'pending' && meeting.end > now)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const past = meetings
    .filter((meeting) => !upcoming.includes(meeting))
    .sort((a, b) => b.start.getTime() - a.start.getTime());
  const interviewRetry = checkRetry(
    interviews.data.list.map((item) => ({
      outcome: interviewOutcome(item.status),
      closedAt: item.closedAt ? new Date(item.closedAt) : null,
    })),
    now,
  );
  const demoRetry = checkRetry(
    demos.data.list.map((item) => ({
      outcome: demoSessionOutcome(item.status),
      closedAt: item.closedAt ? new Date(item.closedAt) : null,
    })),
    now,
  );
  const interviewPassed = !interviewRetry.ok && interviewRetry.reason === 'passed';

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="meetings-book" className="flex flex-col gap-3">
        <h2 id="meetings-book" className="text-lg font-bold">
          الحجز
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <BookCard
            kind="interview"
            retry={interviewRetry}
            onBook={() => setBooking('interview')}
          />
          {interviewPassed ? (
            <BookCard
              kind="demo-session"
              retry={demoRetry}
              onBook={() => setBooking('demo-session')}
            />
          ) : (
            <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
              <p className="font-bold">{KIND_AR['demo-session']}</p>
              <p className="text-sm text-muted">تُحجز الجلسة التجريبية بعد اجتياز المقابلة.</p>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="meetings-upcoming" className="flex flex-col gap-3">
        <h2 id="meetings-upcoming" className="text-lg font-bold">
          مواعيدك القادمة
        </h2>
        {upcoming.length === 0 ? (
          <EmptyState
            title="لا توجد مواعيد قادمة"
            description="احجز مقابلتك أو جلستك التجريبية مع أحد مسؤولي المقابلات."
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {upcoming.map((meeting) => (
              <MeetingCard key={`${meeting.kind}-${meeting.id}`} meeting={meeting} now={now} />
            ))}
          </ul>
        )}
      </section>

      {past.length > 0 && (
        <section aria-labelledby="meetings-past" className="flex flex-col gap-3">
          <h2 id="meetings-past" className="text-lg font-bold">
            مواعيدك السابقة
          </h2>
          <ul className="flex flex-col gap-3">
            {past.map((meeting) => (
              <MeetingCard key={`${meeting.kind}-${meeting.id}`} meeting={meeting} now={now} />
            ))}
          </ul>
        </section>
      )}

      <BookMeetingDialog
        kind={booking ?? 'interview'}
        open={booking !== null}
        onOpenChange={(open) => {
          if (!open) setBooking(null);
        }}
      />
    </div>
  );
}

function BookCard({
  kind,
  retry,
  onBook,
}: {
  kind: MeetingKind;
  retry: RetryVerdict;
  onBook: () => void;
}) {
  let state: string;
  if (retry.ok) state = 'احجز موعدًا مدته ٣٠ دقيقة مع أحد مسؤولي المقابلات.';
  else if (retry.reason === 'rejected')
    state = `يمكنك الحجز مرة أخرى ابتداءً من ${formatCairoDate(retry.retryAt)}.`;
  else if (retry.reason === 'pending') state = 'لديك موعد محجوز، تجده في مواعيدك القادمة.';
  else state = 'اجتزتها بنجاح.';
  return (
    <div className="flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4">
      <p className="font-bold">{KIND_AR[kind]}</p>
      <p className="text-sm text-muted">{state}</p>
      {retry.ok && (
        <Button onClick={onBook}>
          {kind === 'interview' ? 'احجز مقابلتك' : 'احجز جلستك التجريبية'}
        </Button>
      )}
    </div>
  );
}

function MeetingCard({ meeting, now }: { meeting: Meeting; now: Date }) {
  const toast = useToast();
  const cancel = useCancelMeeting();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kindName = KIND_AR[meeting.kind];
  return (
    <li
      aria-label={`${kindName} ${formatCairoDateTime(meeting.start)}`}
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-bold">{kindName}</p>
        <Badge tone={TONE[meeting.outcome]}>{meeting.statusLabel}</Badge>
      </div>
      <p className="text-sm">
        {formatCairoDateTime(meeting.start)} بتوقيت القاهرة، مع {meeting.manager}
      </p>
      {meeting.feedback && (
        <p className="text-sm text-muted">
          <span className="font-semibold text-ink">رأي المسؤول: </span>
          {meeting.feedback}
        </p>
      )}
      {error && (
        <Alert tone="error" role="alert">
          {error}
        </Alert>
      )}
      {(roomOpen(meeting, now) || meeting.canCancel) && (
        <div className="flex flex-wrap items-center gap-3">
          {roomOpen(meeting, now) && (
            <Link
              to={roomPath(meeting)}
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white"
            >
              ادخل الغرفة
            </Link>
          )}
          {meeting.canCancel && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              إلغاء الموعد
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`إلغاء ${kindName}؟`}
        description={`موعدها ${formatCairoDateTime(meeting.start)} بتوقيت القاهرة مع ${meeting.manager}. يمكنك حجز موعد جديد بعد الإلغاء.`}
        confirmLabel="نعم، ألغِ الموعد"
        cancelLabel="تراجع"
        loading={cancel.isPending}
        onConfirm={() => {
          setError(null);
          cancel.mutate(
            { kind: meeting.kind, id: meeting.id },
            {
              onSuccess: () => {
                setConfirming(false);
                toast.success('تم إلغاء الموعد');
              },
              onError: (failure) => {
                setConfirming(false);
                setError(messageForError(failure));
              },
            },
          );
        }}
      />
    </li>
  );
}
