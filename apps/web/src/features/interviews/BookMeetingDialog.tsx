import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  EmptyState,
  RadioGroup,
  ErrorState,
  messageForError,
  useToast,
} from '@talaqa/ui';
import { formatCairoDate, formatCairoDateTime } from '@talaqa/domain';
import type { InterviewTimes, PersonSummary } from '@talaqa/domain';
import { dayKeyOf } from '../booking/booking';
import { BookingConfirmation, FreeTimesLoading } from '../booking/BookingSteps';
import { TimeChips } from '../booking/TimeChips';
import { useBookMeeting, useFreeTimes, useInterviewers } from './meetings-queries';
import type { MeetingKind } from './meetings-queries';

export interface BookMeetingDialogProps {
  kind: MeetingKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const TITLES: Record<MeetingKind, string> = {
  interview: 'احجز مقابلتك',
  'demo-session': 'احجز جلستك التجريبية',
};

const ANY = 'any';

/** Booking an interview or the demo session: a manager (or any), a day, a free time, confirm. */
export function BookMeetingDialog({ kind, open, onOpenChange }: BookMeetingDialogProps) {
  return (
    <Dialog
      title={TITLES[kind]}
      description="مدتها ٣٠ دقيقة مع أحد مسؤولي المقابلات، والمواعيد بتوقيت القاهرة."
      open={open}
      onOpenChange={onOpenChange}
    >
      {open && <BookingFlow kind={kind} />}
    </Dialog>
  );
}

interface Offer {
  start: Date;
  /** The managers free at this start, in the server's order. */
  managers: PersonSummary[];
}

/** Every offered start once, ascending, with who offers it (only `managerId` once chosen). */
function offersOf(times: InterviewTimes, managerId: number | null): Offer[] {
  const byStart = new Map<string, Offer>();
  for (const { interviewer, starts } of times) {
    if (managerId !== null && interviewer.id !== managerId) continue;
    for (const iso of starts) {
      const start = new Date(iso);
      const key = start.toISOString();
      const offer = byStart.get(key) ?? { start, managers: [] };
      offer.managers.push(interviewer);
      byStart.set(key, offer);
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

function BookingFlow({ kind }: { kind: MeetingKind }) {
  const toast = useToast();
  const [manager, setManager] = useState<string>(ANY);
  const managerId = manager === ANY ? null : Number(manager);
  const interviewers = useInterviewers(true);
  const times = useFreeTimes(managerId, true);
  const book = useBookMeeting(kind);
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ start: Date; manager: string } | null>(null);

  if (booked) {
    return (
      <section aria-label="تم الحجز" className="flex flex-col gap-3">
        <Alert tone="success">
          {kind === 'interview' ? 'تم حجز مقابلتك' : 'تم حجز جلستك التجريبية'} مع {booked.manager}{' '}
          يوم {formatCairoDateTime(booked.start)} بتوقيت القاهرة.
        </Alert>
        <p className="text-sm text-muted">
          ستجد رابط الغرفة في قائمة مواعيدك قبل الموعد بعشر دقائق، وسنذكّرك به.
        </p>
      </section>
    );
  }

  if (interviewers.isError || times.isError) {
    return (
      <ErrorState
        title="تعذّر تحميل المواعيد المتاحة"
        error={interviewers.error ?? times.error}
        onRetry={() => {
          void interviewers.refetch();
          void times.refetch();
        }}
      />
    );
  }
  if (!interviewers.data) {
    return <FreeTimesLoading />;
  }

  const offers = times.data ? offersOf(times.data, managerId) : [];
  const days: { key: string; label: string }[] = [];
  for (const offer of offers) {
    const key = dayKeyOf(offer.start);
    if (!days.some((day) => day.key === key)) {
      days.push({ key, label: formatCairoDate(offer.start) });
    }
  }
  const chosenDay = days.find((day) => day.key === dayKey) ?? null;
  const dayOffers = chosenDay
    ? offers.filter((offer) => dayKeyOf(offer.start) === chosenDay.key)
    : [];
  const chosen = offers.find((offer) => offer.start.toISOString() === start) ?? null;
  const errorAlert = serverError && (
    <Alert tone="error" role="alert">
      {serverError}
    </Alert>
  );

  if (interviewers.data.length === 0) {
    return (
      <EmptyState
        title="لا يوجد مسؤولو مقابلات متاحون الآن"
        description="عُد لاحقًا، أو تواصل مع فريق طلاقة في مجموعة الدعم."
      />
    );
  }

  if (confirming && chosen) {
    const target = chosen.managers[0];
    if (target) {
      const submit = () => {
        setServerError(null);
        book.mutate(
          { managerId: target.id, start: chosen.start.toISOString() },
          {
            onSuccess: (meeting) => {
              toast.success(kind === 'interview' ? 'تم حجز المقابلة' : 'تم حجز الجلسة التجريبية');
              setBooked({ start: new Date(meeting.start), manager: target.name });
            },
            onError: (error) => {
              setServerError(messageForError(error));
              setConfirming(false);
              setStart(null);
              void times.refetch();
            },
          },
        );
      };
      return (
        <BookingConfirmation
          details={
            <>
              <dt className="font-semibold">المسؤول</dt>
              <dd data-testid="confirm-manager">{target.name}</dd>
              <dt className="font-semibold">الموعد</dt>
              <dd data-testid="confirm-start">
                {formatCairoDateTime(chosen.start)} (بتوقيت القاهرة)
              </dd>
              <dt className="font-semibold">المدة</dt>
              <dd>٣٠ دقيقة</dd>
            </>
          }
          policy="يمكنك إلغاء الموعد من قائمة مواعيدك حتى بدايته."
          pending={book.isPending}
          onConfirm={submit}
          onBack={() => setConfirming(false)}
        />
      );
    }
  }

  return (
    <div className="flex flex-col gap-5">
      {errorAlert}
      <RadioGroup
        legend="١. مسؤول المقابلة"
        value={manager}
        options={[
          { value: ANY, label: 'أي مسؤول متاح' },
          ...interviewers.data.map((person) => ({ value: String(person.id), label: person.name })),
        ]}
        inputProps={{
          name: 'meeting-manager',
          onChange: (event) => {
            setManager(event.target.value);
            setDayKey(null);
            setStart(null);
          },
        }}
      />
      {!times.data ? (
        <FreeTimesLoading rows={1} />
      ) : days.length === 0 ? (
        <EmptyState
          title="لا توجد مواعيد متاحة"
          description="لا يوجد وقت متاح خلال هذا الأسبوع والأسبوع القادم. جرّب مسؤولًا آخر أو عُد لاحقًا."
        />
      ) : (
        <RadioGroup
          legend="٢. اليوم"
          value={dayKey ?? ''}
          options={days.map((day) => ({ value: day.key, label: day.label }))}
          inputProps={{
            name: 'meeting-day',
            onChange: (event) => {
              setDayKey(event.target.value);
              setStart(null);
            },
          }}
        />
      )}
      {chosenDay && dayOffers.length > 0 && (
        <TimeChips
          legend="٣. الوقت (بتوقيت القاهرة)"
          name="meeting-time"
          times={dayOffers.map((offer) => offer.start)}
          value={start}
          onChange={setStart}
        />
      )}
      <Button
        disabled={!chosen}
        onClick={() => {
          setServerError(null);
          setConfirming(true);
        }}
      >
        متابعة
      </Button>
    </div>
  );
}
