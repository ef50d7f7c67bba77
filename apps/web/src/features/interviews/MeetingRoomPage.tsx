import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '@talaqa/api-client';
import {
  InterviewStatus,
  SESSION_OPENS_BEFORE_MINUTES,
  formatCairoDateTime,
  formatCairoTime,
} from '@talaqa/domain';
import type { MeetingSessionView } from '@talaqa/domain';
import {
  Badge,
  EmptyState,
  ErrorState,
  PageTitle,
  Skeleton,
  buttonClasses,
  formatNumber,
} from '@talaqa/ui';
import type { MeetingKind } from '../../api';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../../paths';
import { LessonCall, useMeetingSessionView } from '../session/LessonCall';
import type { JoinedCall } from '../session/LessonCall';
import { DeviceClockWarning, ReadyScreen } from '../session/ReadyScreen';
import { meetingStatusText } from './meetings';

const TITLES: Record<MeetingKind, string> = {
  interview: 'المقابلة',
  'demo-session': 'الجلسة التجريبية',
};

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

function MeetingDetails({
  meeting,
  onJoin,
}: {
  meeting: MeetingSessionView;
  onJoin: (call: JoinedCall) => void;
}) {
  const status = meetingStatusText(meeting.kind, meeting.status);
  const tutor = meeting.members.find((member) => member.id === meeting.tutorId);
  const manager = meeting.members.find((member) => member.id === meeting.managerId);
  // Pending is 1 in both status sets (interviews' and demo sessions').
  const pending = meeting.status === InterviewStatus.Pending;
  const start = new Date(meeting.start);
  const over = !pending || Date.now() >= new Date(meeting.closesAt).getTime();
  const word = TITLES[meeting.kind];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-bold text-ink">{formatCairoDateTime(start)}</h2>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Fact term="المعلم">{tutor?.name ?? '—'}</Fact>
          <Fact term="مسؤول المقابلات">{manager?.name ?? '—'}</Fact>
          <Fact term="المدة">
            {formatNumber(Math.round((new Date(meeting.end).getTime() - start.getTime()) / 60_000))}{' '}
            دقيقة
          </Fact>
        </dl>
      </div>
      {meeting.open ? (
        <section aria-label={`غرفة ${word}`} className="flex flex-col gap-3">
          <ReadyScreen
            checkClock={false}
            joinLabel={`انضم إلى ${word}`}
            onJoin={(stream, devices) => onJoin({ stream, devices })}
          />
        </section>
      ) : over ? (
        <p className="rounded-2xl bg-slate-50 p-4 text-ink">
          {pending
            ? `انتهى موعد ${word}، وأُغلقت غرفتها. ينتظر القرار من مسؤول المقابلات.`
            : `لا غرفة لهذا الموعد: ${status.label}.`}
        </p>
      ) : (
        <section className="flex flex-col gap-3 rounded-2xl border border-dashed border-brand-300 bg-brand-50 p-4">
          <h2 className="text-lg font-bold text-brand-900">{`غرفة ${word}`}</h2>
          <p className="text-brand-900">
            تُفتح الغرفة قبل الموعد بـ{formatNumber(SESSION_OPENS_BEFORE_MINUTES)} دقائق، في{' '}
            {formatCairoTime(new Date(meeting.opensAt))}، وتبقى مفتوحة حتى نهاية الموعد. ستظهر هنا
            وحدها دون إعادة تحميل الصفحة.
          </p>
          <div>
            <Link
              to={paths.session}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              افحص الكاميرا والميكروفون الآن
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * /interview/{id} and /demo-session/{id} (issue 21, record 317): the meeting's details from
 * GET /session/{kind}/{id}, and once its room is open the same call as a lesson's, its events
 * naming the kind.
 */
export function MeetingRoomPage({ kind }: { kind: MeetingKind }) {
  const user = useCurrentUser();
  const { id: idText } = useParams();
  const id = Number(idText);
  const valid = Number.isSafeInteger(id) && id > 0;
  const meeting = useMeetingSessionView(kind, id, valid);
  const [joined, setJoined] = useState<JoinedCall | null>(null);
  const title = TITLES[kind];

  if (joined && meeting.data) {
    return (
      <LessonCall
        session={meeting.data}
        user={user}
        joined={joined}
        onExit={() => {
          setJoined(null);
          void meeting.refetch();
        }}
      />
    );
  }

  const notFound =
    !valid ||
    (meeting.isError && isApiError(meeting.error) && meeting.error.code === 'session-not-found');
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title={title} />
      <DeviceClockWarning />
      {notFound ? (
        <EmptyState
          title={`لم نجد ${title}`}
          description="ربما أُدخل الرابط خطأً، أو أن الموعد ليس من مواعيدك، أو أنه أُلغي."
          action={
            <Link to={paths.interviews} className={buttonClasses()}>
              المقابلات
            </Link>
          }
        />
      ) : meeting.isPending ? (
        <div role="status" aria-label={`جارٍ تحميل ${title}`} className="flex flex-col gap-3">
          <Skeleton className="h-40 w-full" />
        </div>
      ) : meeting.isError ? (
        <ErrorState
          error={meeting.error}
          title={`تعذّر تحميل ${title}`}
          onRetry={() => void meeting.refetch()}
          retrying={meeting.isFetching}
        />
      ) : (
        <MeetingDetails meeting={meeting.data} onJoin={setJoined} />
      )}
    </section>
  );
}
