import { useEffect, useId, useState } from 'react';
import { Link, generatePath } from 'react-router';
import {
  ADMIN_ROLES,
  DemoSessionStatus,
  InterviewStatus,
  formatCairoDateTime,
  isSessionOpen,
  sessionMeetingOf,
  staffCancelStatus,
  staffMeetingActions,
} from '@talaqa/domain';
import type { Role, User } from '@talaqa/domain';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  MeetingDecisionDialog,
  QueryContent,
  SkeletonCards,
  buttonClasses,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import type { MeetingDecision } from '@talaqa/ui';
import { failureMessage } from '../../lib/forms';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../../paths';
import type { Meeting, MeetingChange } from './meetings';
import {
  MEETING_KIND_NAMES,
  isPendingMeeting,
  meetingStatusText,
  useUpdateMeeting,
  usePendingMeetings,
} from './meetings';

export const MANAGER_MEETINGS_TITLE = 'المقابلات والجلسات التجريبية';
/** The list's anchor on /interviews, for the home's "waiting for a decision" link. */
export const MANAGER_MEETINGS_ANCHOR = 'meetings';
const CHANGE_FAILED = 'تعذّر حفظ التغيير، من فضلك حاول مرة أخرى';

/** The clock, read again every 30 seconds (join links appear, decisions become possible). */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export const meetingPath = (meeting: Pick<Meeting, 'kind' | 'id'>): string =>
  generatePath(meeting.kind === 'interview' ? paths.interview : paths.demoSession, {
    id: String(meeting.id),
  });

export type StaffSide = 'manager' | 'admin';

export const sideOf = (user: User): StaffSide =>
  (ADMIN_ROLES as readonly Role[]).includes(user.role) ? 'admin' : 'manager';

/** May this side cancel, or decide, the meeting now? The domain's rules. */
export const allowed = (meeting: Meeting, side: StaffSide, now: Date) =>
  staffMeetingActions(
    meeting.kind === 'interview'
      ? { kind: 'interview', status: meeting.view.status, start: meeting.start }
      : { kind: 'demo-session', status: meeting.view.status, start: meeting.start },
    side,
    now,
  );

/** Whether the meeting's room is open at `now`: the lesson room's window (record 317). */
export const isRoomOpen = (meeting: Meeting, now: Date): boolean =>
  isSessionOpen(
    sessionMeetingOf({
      start: meeting.start,
      duration: (meeting.end.getTime() - meeting.start.getTime()) / 60_000,
      pending: isPendingMeeting(meeting),
      canceled: false,
      tutorId: 0,
      managerId: 0,
    }),
    now,
  );

function CancelButton({ meeting, side }: { meeting: Meeting; side: StaffSide }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateMeeting();
  const toast = useToast();
  const what = MEETING_KIND_NAMES[meeting.kind];
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!update.isPending) setOpen(next);
      }}
      trigger={<Button variant="secondary">إلغاء الموعد</Button>}
      title={`إلغاء ${what}`}
      description={`ستُلغى ${what} مع ${meeting.tutorName} في ${formatCairoDateTime(meeting.start)}، ويصل الخبر إليه. هل تريد المتابعة؟`}
      confirmLabel="نعم، ألغِ الموعد"
      cancelLabel="تراجع"
      variant="danger"
      loading={update.isPending}
      onConfirm={() => {
        update.mutate(
          meeting.kind === 'interview'
            ? {
                kind: 'interview',
                body: { id: meeting.id, status: staffCancelStatus('interview', side) },
              }
            : {
                kind: 'demo-session',
                body: { id: meeting.id, status: staffCancelStatus('demo-session', side) },
              },
          {
            onSuccess: () => {
              toast.success(`أُلغيت ${what} مع ${meeting.tutorName}`);
              setOpen(false);
            },
            onError: (error) => toast.error(failureMessage(error, CHANGE_FAILED)),
          },
        );
      }}
    />
  );
}

/**
 * The decision after the start (the shared dialog of @talaqa/ui), sent as PATCH /interview or
 * /demo-session; the server's refusals show as their Arabic messages.
 */
export function DecideDialog({ meeting }: { meeting: Meeting }) {
  const update = useUpdateMeeting();
  const toast = useToast();
  const decide = (decision: MeetingDecision) => {
    const { passed, feedback, note, level } = decision;
    const texts = { id: meeting.id, feedback, ...(note !== undefined && { note }) };
    const change: MeetingChange =
      meeting.kind === 'interview'
        ? {
            kind: 'interview',
            body: {
              ...texts,
              status: passed ? InterviewStatus.Passed : InterviewStatus.Rejected,
              level,
            },
          }
        : {
            kind: 'demo-session',
            body: {
              ...texts,
              status: passed ? DemoSessionStatus.Passed : DemoSessionStatus.Rejected,
            },
          };
    return update.mutateAsync(change).then(
      () => toast.success(`حُفظ قرار ${MEETING_KIND_NAMES[meeting.kind]} مع ${meeting.tutorName}`),
      (error: unknown) => {
        toast.error(failureMessage(error, CHANGE_FAILED));
        throw error;
      },
    );
  };
  return (
    <MeetingDecisionDialog kind={meeting.kind} tutorName={meeting.tutorName} onDecide={decide} />
  );
}

function MeetingItem({ meeting, side, now }: { meeting: Meeting; side: StaffSide; now: Date }) {
  const status = meetingStatusText(meeting.kind, meeting.view.status);
  const can = allowed(meeting, side, now);
  const open = isRoomOpen(meeting, now);
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      data-meeting={`${meeting.kind}-${String(meeting.id)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm text-muted">{MEETING_KIND_NAMES[meeting.kind]}</p>
          <p className="font-bold text-ink">{meeting.tutorName}</p>
          <p className="text-sm text-ink">{formatCairoDateTime(meeting.start)}</p>
        </div>
        <Badge tone={open ? 'brand' : status.tone}>{open ? 'الغرفة مفتوحة' : status.label}</Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        {open && (
          <Link to={meetingPath(meeting)} className={buttonClasses()}>
            ادخل الغرفة
          </Link>
        )}
        {!open && (
          <Link to={meetingPath(meeting)} className={buttonClasses({ variant: 'secondary' })}>
            التفاصيل
          </Link>
        )}
        {can.decide && <DecideDialog meeting={meeting} />}
        {can.cancel && <CancelButton meeting={meeting} side={side} />}
      </div>
    </li>
  );
}

/**
 * A tutor manager's (or an admin's) pending interviews and demo sessions (issue 21 item 7):
 * earliest first, each with its tutor, its time in Cairo and its state; the room's link while it
 * is open, cancel (with a confirmation), and the decision once the meeting has started.
 */
export function ManagerMeetings() {
  const headingId = useId();
  const user = useCurrentUser();
  const side = sideOf(user);
  const meetings = usePendingMeetings();
  const now = useMinuteClock();
  return (
    <section
      id={MANAGER_MEETINGS_ANCHOR}
      aria-labelledby={headingId}
      className="flex scroll-mt-4 flex-col gap-4"
      data-manager-meetings
    >
      <h2 id={headingId} className="text-lg font-bold text-ink">
        {MANAGER_MEETINGS_TITLE}
      </h2>
      <QueryContent
        query={meetings}
        loading={
          <SkeletonCards
            label="جارٍ تحميل المقابلات والجلسات التجريبية"
            cards={2}
            bars={['h-5 w-1/3', 'h-4 w-1/2']}
          />
        }
        isEmpty={(data) => data.meetings.length === 0}
        empty={
          <EmptyState
            title="لا توجد مواعيد قادمة"
            description="ستظهر هنا المقابلات والجلسات التجريبية فور حجزها."
          />
        }
      >
        {(data) => (
          <>
            <ul className="flex flex-col gap-3">
              {data.meetings.map((meeting) => (
                <MeetingItem
                  key={`${meeting.kind}-${String(meeting.id)}`}
                  meeting={meeting}
                  side={side}
                  now={now}
                />
              ))}
            </ul>
            {data.more > 0 && (
              <p className="text-sm text-muted">
                وهناك {formatNumber(data.more)} مواعيد أخرى تظهر بعد اتخاذ القرار في هذه.
              </p>
            )}
          </>
        )}
      </QueryContent>
    </section>
  );
}
