import { useId } from 'react';
import { Link } from 'react-router';
import {
  addCairoDays,
  formatCairoDate,
  formatCairoTime,
  sessionWindow,
  startOfCairoDay,
} from '@talaqa/domain';

import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  Skeleton,
  SkeletonCards,
  buttonClasses,
  cx,
  formatNumber,
} from '@talaqa/ui';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../../paths';
import { useReviewQueue } from '../onboarding/intro-video-queries';
import { REVIEW_QUEUE_ANCHOR } from './IntroVideoReviewQueue';
import {
  MANAGER_MEETINGS_ANCHOR,
  allowed,
  isRoomOpen,
  meetingPath,
  sideOf,
  useMinuteClock,
} from './ManagerMeetings';
import type { StaffSide } from './ManagerMeetings';
import type { Meeting } from './meetings';
import {
  MEETING_KIND_NAMES,
  isPendingMeeting,
  meetingStatusText,
  usePendingMeetings,
  useStartedMeetings,
} from './meetings';

export const MANAGER_TODAY_TITLE = 'مواعيد اليوم';

const keyOf = (meeting: Meeting): string => `${meeting.kind}-${String(meeting.id)}`;

/**
 * Today's meetings on the Cairo calendar, earliest first: the pending ones (to hold, or held and
 * waiting for the decision) and the started ones whatever became of them. A meeting canceled
 * before its start today is no longer on the manager's day (record 332).
 */
function meetingsOfDay(
  pending: readonly Meeting[],
  started: readonly Meeting[],
  now: Date,
): Meeting[] {
  const from = startOfCairoDay(now).getTime();
  const to = addCairoDays(startOfCairoDay(now), 1).getTime();
  const byKey = new Map<string, Meeting>();
  for (const meeting of [...started, ...pending]) {
    const at = meeting.start.getTime();
    if (at >= from && at < to) byKey.set(keyOf(meeting), meeting);
  }
  return [...byKey.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The meetings whose decision is due: pending, and the domain lets this side decide now. */
const awaitingDecision = (pending: readonly Meeting[], side: StaffSide, now: Date): Meeting[] =>
  pending.filter((meeting) => allowed(meeting, side, now).decide);

function TodayItem({ meeting, now }: { meeting: Meeting; now: Date }) {
  const pending = isPendingMeeting(meeting);
  const open = isRoomOpen(meeting, now);
  const { opensAt, closesAt } = sessionWindow({
    start: meeting.start,
    duration: (meeting.end.getTime() - meeting.start.getTime()) / 60_000,
  });
  const before = pending && now < opensAt;
  const over = now >= closesAt;
  const status =
    pending && open
      ? { label: 'الغرفة مفتوحة', tone: 'brand' as const }
      : pending && over
        ? { label: 'بانتظار القرار', tone: 'warning' as const }
        : pending
          ? { label: 'لم تبدأ بعد', tone: 'neutral' as const }
          : meetingStatusText(meeting.kind, meeting.view.status);
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
      data-today-meeting={keyOf(meeting)}
    >
      <div className="flex min-w-0 items-start gap-4">
        <p className="w-20 shrink-0 text-lg font-bold text-brand-800">
          {formatCairoTime(meeting.start)}
        </p>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="truncate font-bold text-ink">{meeting.tutorName}</p>
          <p className="text-sm text-muted">{MEETING_KIND_NAMES[meeting.kind]}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        {open && (
          <Link to={meetingPath(meeting)} className={buttonClasses()}>
            ادخل الغرفة
          </Link>
        )}
        {before && (
          <div className="flex flex-col items-start gap-1">
            <Button disabled aria-describedby={`opens-${keyOf(meeting)}`}>
              ادخل الغرفة
            </Button>
            <span id={`opens-${keyOf(meeting)}`} className="text-xs text-muted">
              تُفتح الساعة {formatCairoTime(opensAt)}
            </span>
          </div>
        )}
        {!open && !before && (
          <Link to={meetingPath(meeting)} className={buttonClasses({ variant: 'secondary' })}>
            التفاصيل
          </Link>
        )}
      </div>
    </li>
  );
}

function CountCard({
  label,
  count,
  href,
  linkLabel,
}: {
  label: string;
  count: number | undefined;
  href: string;
  linkLabel: string;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-muted">{label}</p>
      {count === undefined ? (
        <Skeleton className="h-8 w-12" />
      ) : (
        <p className={cx('text-3xl font-bold', count > 0 ? 'text-amber-800' : 'text-ink')}>
          {formatNumber(count)}
        </p>
      )}
      <Link
        to={href}
        className="inline-flex min-h-11 items-center self-start rounded-lg font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {linkLabel}
      </Link>
    </div>
  );
}

/**
 * The tutor manager's home at the top of /interviews (issue 21 item 7, record 332): today's
 * interviews and demo sessions with the room's link from its opening, and how many decisions
 * and intro-video reviews wait, each linking to its list below.
 */
export function ManagerToday() {
  const headingId = useId();
  const user = useCurrentUser();
  const side = sideOf(user);
  const now = useMinuteClock();
  const pending = usePendingMeetings();
  const started = useStartedMeetings();
  const queue = useReviewQueue(1);
  const today =
    pending.data && started.data ? meetingsOfDay(pending.data.meetings, started.data, now) : null;
  const failed = pending.isError ? pending : started.isError ? started : null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-manager-today>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-ink">
          {MANAGER_TODAY_TITLE}
        </h2>
        <p className="text-sm text-muted">{formatCairoDate(now)}</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <CountCard
          label="بانتظار قرارك"
          count={pending.data && awaitingDecision(pending.data.meetings, side, now).length}
          href={`${paths.interviews}#${MANAGER_MEETINGS_ANCHOR}`}
          linkLabel="إلى المقابلات والجلسات"
        />
        <CountCard
          label="فيديوهات تعريفية بانتظار المراجعة"
          count={queue.data?.total}
          href={`${paths.interviews}#${REVIEW_QUEUE_ANCHOR}`}
          linkLabel="إلى قائمة المراجعة"
        />
      </div>
      {failed ? (
        <ErrorState
          error={failed.error}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      ) : today === null ? (
        <SkeletonCards label="جارٍ تحميل مواعيد اليوم" cards={2} bars={['h-5 w-1/3', 'h-4 w-1/2']} />
      ) : today.length === 0 ? (
        <EmptyState
          title="لا مقابلات ولا جلسات تجريبية اليوم"
          description="تظهر هنا مواعيد اليوم فور حجزها، ويحجزها المعلمون في أوقات جدولك الأسبوعي."
          action={
            <Link to={paths.scheduleManagement} className={buttonClasses({ variant: 'secondary' })}>
              إدارة المواعيد
            </Link>
          }
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {today.map((meeting) => (
            <TodayItem key={keyOf(meeting)} meeting={meeting} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
