import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  ENGLISH_LEVELS,
  INTERVIEW_FEEDBACK_MAX_LENGTH,
  INTERVIEW_FEEDBACK_MIN_LENGTH,
  INTERVIEW_NOTE_MAX_LENGTH,
  interviewResultSchema,
} from '@talaqa/domain';
import type { EnglishLevel, ErrorCode, MeetingKind } from '@talaqa/domain';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { RadioGroup } from '../components/RadioGroup';
import { Select } from '../components/Select';
import { Textarea } from '../components/Textarea';
import { ENGLISH_LEVEL_NAMES_AR } from '../enum-labels';
import { formatNumber } from '../format';
import { MEETING_KIND_NAMES } from './labels';

/** A checked decision: the verdict, the feedback the tutor reads, the private note, the level. */
export interface MeetingDecision {
  passed: boolean;
  feedback: string;
  note?: string;
  /** Interviews only. */
  level?: EnglishLevel;
}

export interface MeetingDecisionDialogProps {
  kind: MeetingKind;
  tutorName: string;
  /** Sends the decision; resolving closes the dialog, rejecting keeps it open (the caller tells why). */
  onDecide: (decision: MeetingDecision) => Promise<unknown>;
}

type Verdict = 'passed' | 'rejected';
type FieldErrors = Partial<Record<'verdict' | 'feedback' | 'note' | 'level', ErrorCode>>;

/**
 * The decision after the start: pass or reject, feedback (10-2000), an optional note (the staff's
 * own), and for an interview the English level (1-6), checked by the domain's
 * `interviewResultSchema` before `onDecide` sends it. The manager's workspace and the admin's
 * list share it.
 */
export function MeetingDecisionDialog({ kind, tutorName, onDecide }: MeetingDecisionDialogProps) {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [verdict, setVerdict] = useState<Verdict | ''>('');
  const [feedback, setFeedback] = useState('');
  const [note, setNote] = useState('');
  const [level, setLevel] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const verdictName = useId();
  const isInterview = kind === 'interview';
  const what = MEETING_KIND_NAMES[kind];

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
    setSending(true);
    onDecide({
      passed: verdict === 'passed',
      feedback: texts.feedback,
      ...(texts.note !== undefined && { note: texts.note }),
      ...(isInterview && { level: texts.level }),
    }).then(
      () => {
        setSending(false);
        setOpen(false);
      },
      () => setSending(false),
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!sending) setOpen(next);
      }}
      trigger={<Button>تسجيل القرار</Button>}
      title={`قرار ${what}: ${tutorName}`}
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
          <Button variant="secondary" disabled={sending} onClick={() => setOpen(false)}>
            تراجع
          </Button>
          <Button type="submit" loading={sending}>
            حفظ القرار
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
