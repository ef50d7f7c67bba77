import { useState } from 'react';
import type { FormEvent } from 'react';
import { isApiError } from '@talaqa/api-client';
import { Alert, Button, Dialog, Textarea, UI_MESSAGES, formatNumber, useToast } from '@talaqa/ui';
import {
  RATING_TEXT_MAX_LENGTH,
  RATING_TEXT_MIN_LENGTH,
  ratingEditBodySchema,
} from '@talaqa/domain';
import type { RatingStars, RatingView } from '@talaqa/domain';
import { failureMessage } from '../../lib/forms';
import { StarPicker } from './Stars';
import { useSaveRating } from './queries';

/** What a refused send says beyond the spec's failure sentence. */
function failureDetail(error: unknown): string | null {
  if (isApiError(error) && error.code === 'illegal') {
    return 'يمكنك تقييم المعلم بعد أن تحضر درسًا معه حتى نهايته.';
  }
  const detail = failureMessage(error, '');
  return detail === '' ? null : detail;
}

type FieldErrors = { value?: string; text?: string };

/** The domain's rule, read as field codes (the same rule the server applies). */
function check(value: RatingStars | null, text: string): FieldErrors {
  const parsed = ratingEditBodySchema.safeParse({ value: value ?? undefined, text });
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'value' || field === 'text') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Rating a tutor, or changing one's rating: the stars (the spec's five labels) and an optional
 * text of 5-500 characters, checked by the domain's rule before sending. A failure keeps the
 * dialog open with the spec's sentence (send or edit) and what the server said.
 */
export function RatingDialog({
  raterId,
  tutor,
  rating: initial,
  open,
  onOpenChange,
}: {
  raterId: number;
  tutor: { id: number; name: string };
  /** The rating being edited; null for a new one. */
  rating: RatingView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const save = useSaveRating();
  // The rating as it was when the dialog opened: one read meanwhile (rating-exists) does not turn
  // a new rating into an edit under the student's hands.
  const [rating] = useState(initial);
  const [value, setValue] = useState<RatingStars | null>(rating?.value ?? null);
  const [text, setText] = useState(rating?.text ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const editing = rating !== null;
  const length = text.trim().length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = check(value, text);
    setErrors(found);
    if (found.value || found.text || value === null) return;
    save.mutate(
      {
        raterId,
        tutorId: tutor.id,
        ratingId: rating?.id ?? null,
        body: { value, text: text.trim() === '' ? undefined : text.trim() },
      },
      {
        onSuccess: () => {
          toast.success(editing ? 'حُفظ تعديل تقييمك' : 'شكرًا لك، وصل تقييمك');
          onOpenChange(false);
        },
        // The server's field codes (the same rule, one more check) go under their fields.
        onError: (error) => {
          if (!isApiError(error)) return;
          const placed: FieldErrors = {};
          for (const issue of error.fields ?? []) {
            if (issue.path === 'value' || issue.path === 'text') placed[issue.path] = issue.code;
          }
          setErrors(placed);
        },
      },
    );
  };

  const detail = save.isError ? failureDetail(save.error) : null;
  return (
    <Dialog
      title={editing ? 'تعديل تقييمك' : `قيّم المعلم ${tutor.name}`}
      description="اختر عدد النجوم، ويمكنك أن تكتب رأيك في الدرس ليستفيد منه الطلاب الآخرون."
      open={open}
      onOpenChange={(next) => {
        if (!save.isPending) onOpenChange(next);
      }}
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <StarPicker
          legend="تقييمك"
          value={value}
          disabled={save.isPending}
          error={errors.value}
          onChange={(stars) => {
            setValue(stars);
            if (tried) setErrors(check(stars, text));
          }}
        />
        <Textarea
          label="رأيك في الدرس (اختياري)"
          hint={`من ${formatNumber(RATING_TEXT_MIN_LENGTH)} إلى ${formatNumber(RATING_TEXT_MAX_LENGTH)} حرف — ${formatNumber(length)} / ${formatNumber(RATING_TEXT_MAX_LENGTH)}`}
          rows={4}
          value={text}
          disabled={save.isPending}
          error={errors.text}
          onChange={(event) => {
            setText(event.target.value);
            if (tried) setErrors(check(value, event.target.value));
          }}
        />
        {save.isError && (
          <Alert
            tone="error"
            role="alert"
            title={editing ? UI_MESSAGES.ratingEditFailed : UI_MESSAGES.ratingSendFailed}
          >
            {detail}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="secondary"
            disabled={save.isPending}
            onClick={() => onOpenChange(false)}
          >
            {UI_MESSAGES.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'حفظ التعديل' : 'إرسال التقييم'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
