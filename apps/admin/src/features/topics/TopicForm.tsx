import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { topicBodySchema } from '@talaqa/domain';
import { Button, Input, cx, useToast } from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { actionErrorText, applyServerErrors } from '../../lib/forms';
import type { TopicBody } from './queries';

const FIELDS = ['nameAr', 'nameEn'] as const;
const EMPTY: TopicBody = { nameAr: '', nameEn: '' };

export interface TopicFormProps {
  initial?: TopicBody;
  submitLabel: string;
  /** The sentence for a failure without a more specific message. */
  failedText: string;
  /** Saves the topic; rejects with the API error. */
  onSave: (body: TopicBody) => Promise<unknown>;
  /** After a successful save. */
  onSaved: () => void;
  /** "inline" lays the fields side by side (the add form above the list). */
  layout?: 'inline' | 'stacked';
  children?: ReactNode;
}

/** The Arabic and English names of a topic, checked with the domain's topic rules. */
export function TopicForm({
  initial = EMPTY,
  submitLabel,
  failedText,
  onSave,
  onSaved,
  layout = 'stacked',
  children,
}: TopicFormProps) {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(topicBodySchema), defaultValues: initial });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onSave(body);
      reset(EMPTY);
      onSaved();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS)) return;
      const text = actionErrorText(error, failedText);
      setFormError(text);
      toast.error(text);
    }
  });

  const inline = layout === 'inline';
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={cx('grid gap-4', inline && 'sm:grid-cols-[1fr_1fr_auto] sm:items-start')}
    >
      <Input
        label="الاسم بالعربية"
        autoComplete="off"
        error={errors.nameAr?.message}
        {...register('nameAr')}
      />
      <Input
        label="الاسم بالإنجليزية"
        dir="ltr"
        lang="en"
        autoComplete="off"
        error={errors.nameEn?.message}
        {...register('nameEn')}
      />
      <div className={cx('flex flex-wrap justify-end gap-3', inline && 'sm:pt-7')}>
        {children}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
      <FormError text={formError} className={inline ? 'sm:col-span-3' : undefined} />
    </form>
  );
}
