import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, generatePath } from 'react-router';
import {
  ADMIN_ROLES,
  DemoSessionStatus,
  ENGLISH_LEVELS,
  INTERVIEW_FEEDBACK_MAX_LENGTH,
  INTERVIEW_FEEDBACK_MIN_LENGTH,
  INTERVIEW_NOTE_MAX_LENGTH,
  InterviewStatus,
  checkDemoSessionTransition,
  checkInterviewTransition,
  formatCairoDateTime,
  interviewResultSchema,
  isSessionOpen,
  sessionMeetingOf,
} from '@talaqa/domain';
import type { AppointmentSide, EnglishLevel, ErrorCode, Role, User } from '@talaqa/domain';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  ENGLISH_LEVEL_NAMES_AR,
  EmptyState,
  QueryContent,
  RadioGroup,
  Select,
  SkeletonCards,
  Textarea,
  buttonClasses,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { failureMessage } from '../../lib/forms';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../../paths';
import type { Meeting } from './meetings';
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

export const sideOf = (user: User): AppointmentSide =>
  (ADMIN_ROLES as readonly Role[]).includes(user.role) ? 'admin' : 'manager';

/** The status this side's cancellation records (record 314: an admin acts as the manager). */
function cancelStatusOf(meeting: Meeting, side: AppointmentSide) {
  if (meeting.kind === 'interview') return InterviewStatus.CanceledByInterviewer;
  return side === 'admin'
    ? DemoSessionStatus.CanceledByAdmin
    : DemoSessionStatus.CanceledByTutorManager;
}

/** May this side cancel, or decide, the meeting now? The domain's transition rules. */
export function allowed(meeting: Meeting, side: AppointmentSide, now: Date) {
  if (meeting.kind === 'interview') {
    const interview = { status: meeting.view.status, start: meeting.start };
    return {
      cancel: checkInterviewTransition(interview, InterviewStatus.CanceledByInterviewer, side, now)
        .ok,
      decide: checkInterviewTransition(interview, InterviewStatus.Passed, side, now).ok,
    };
  }
  const demo = { status: meeting.view.status, start: meeting.start };
  return {
    cancel: checkDemoSessionTransition(
      demo,
      cancelStatusOf(meeting, side) as DemoSessionStatus,
      side,
      now,
    ).ok,
    decide: checkDemoSessionTransition(demo, DemoSessionStatus.Passed, side, now).ok,
  };
}

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

function CancelButton({ meeting, side }: { meeting: Meeting; side: AppointmentSide }) {
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
        const body = { id: meeting.id, status: cancelStatusOf(meeting, side) };
        update.mutate(
          meeting.kind === 'interview'
            ? {
                kind: 'interview',
                body: { ...body, status: InterviewStatus.CanceledByInterviewer },
              }
            : { kind: 'demo-session', body: { ...body, status: body.status as DemoSessionStatus } },
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

type Verdict = 'passed' | 'rejected';
type FieldErrors = Partial<Record<'verdict' | 'feedback' | 'note' | 'level', ErrorCode>>;

/**
 * The decision after the start: pass or reject, feedback (10-2000), an optional note (the
 * manager's own), and for an interview the English level (1-6); checked by the domain's
 * `interviewResultSchema`, then PATCH /interview or /demo-session.
 */
export function DecideDialog({ meeting }: { meeting: Meeting }) {
  const [open, setOpen] = useState(false);
  const [verdict, setVerdict] = useState<Verdict | ''>('');
  const [feedback, setFeedback] = useState('');
  const [note, setNote] = useState('');
  const [level, setLevel] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateMeeting();
  const toast = useToast();
  const verdictName = useId();
  const isInterview = meeting.kind === 'interview';
  const what = MEETING_KIND_NAMES[meeting.kind];

  useEffect(() => {
    if (open) return;
    setVerdict('');
    setFeedback('');
    setNote('');
    setLevel('');
    setErrors({});
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const schema = isInterview
      ? interviewResultSchema
      : interviewResultSchema.omit({ level: true });
    const parsed = schema.safeParse({
      feedback,
      note: note.trim() === '' ? undefined : note,
      ...(isInterview && { level: level === '' ? undefined : Number(level) }),
    });
    const found: FieldErrors = {};
    if (verdict === '') found.verdict = 'required';
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        // A missing level has no code of its own: the form's "required".
        const code = (issue.code === 'invalid_type' ? 'required' : issue.message) as ErrorCode;
        found[field] ??= code;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success || verdict === '') return;
    const texts = parsed.data as { feedback: string; note?: string; level?: EnglishLevel };
    const change =
      meeting.kind === 'interview'
        ? ({
            kind: 'interview',
            body: {
              id: meeting.id,
              status: verdict === 'passed' ? InterviewStatus.Passed : InterviewStatus.Rejected,
              feedback: texts.feedback,
              ...(texts.note !== undefined && { note: texts.note }),
              level: texts.level,
            },
          } as const)
        : ({
            kind: 'demo-session',
            body: {
              id: meeting.id,
              status: verdict === 'passed' ? DemoSessionStatus.Passed : DemoSessionStatus.Rejected,
              feedback: texts.feedback,
              ...(texts.note !== undefined && { note: texts.note }),
            },
          } as const);
    update.mutate(change, {
      onSuccess: () => {
        toast.success(`حُفظ قرار ${what} مع ${meeting.tutorName}`);
        setOpen(false);
      },
      onError: (error) => toast.error(failureMessage(error, CHANGE_FAILED)),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!update.isPending) setOpen(next);
      }}
      trigger={<Button>تسجيل القرار</Button>}
      title={`قرار ${what}: ${meeting.tutorName}`}
      description="يقرأ المعلم القرار والتقييم؛ أما الملاحظة فلفريق المقابلات وحده."
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <RadioGroup
          legend="القرار"
          inline
          value={verdict}
          error={errors.verdict}
          options={[
            { value: 'passed', label: 'نجح' },
            { value: 'rejected', label: 'لم ينجح' },
          ]}
          inputProps={{
            name: verdictName,
            onChange: (event) => {
              setVerdict(event.target.value as Verdict);
              setErrors((was) => ({ ...was, verdict: undefined }));
            },
          }}
        />
        <Textarea
          label="التقييم"
          hint={`من ${formatNumber(INTERVIEW_FEEDBACK_MIN_LENGTH)} إلى ${formatNumber(INTERVIEW_FEEDBACK_MAX_LENGTH)} حرف، يقرؤه المعلم`}
          value={feedback}
          rows={4}
          maxLength={INTERVIEW_FEEDBACK_MAX_LENGTH + 50}
          error={errors.feedback}
          onChange={(event) => {
            setFeedback(event.target.value);
            setErrors((was) => ({ ...was, feedback: undefined }));
          }}
        />
        <Textarea
          label="ملاحظة داخلية (اختيارية)"
          hint="لا يراها المعلم"
          value={note}
          rows={2}
          maxLength={INTERVIEW_NOTE_MAX_LENGTH + 50}
          error={errors.note}
          onChange={(event) => {
            setNote(event.target.value);
            setErrors((was) => ({ ...was, note: undefined }));
          }}
        />
        {isInterview && (
          <Select
            label="مستوى الإنجليزية"
            placeholder="اختر المستوى"
            value={level}
            error={errors.level}
            onChange={(event) => {
              setLevel(event.target.value);
              setErrors((was) => ({ ...was, level: undefined }));
            }}
          >
            {ENGLISH_LEVELS.map((value) => (
              <option key={value} value={value}>
                {ENGLISH_LEVEL_NAMES_AR[value]}
              </option>
            ))}
          </Select>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={update.isPending} onClick={() => setOpen(false)}>
            تراجع
          </Button>
          <Button type="submit" loading={update.isPending}>
            حفظ القرار
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function MeetingItem({
  meeting,
  side,
  now,
}: {
  meeting: Meeting;
  side: AppointmentSide;
  now: Date;
}) {
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
