import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, ErrorState, Skeleton, UI_MESSAGES, cx, useToast } from '@talaqa/ui';
import { failureMessage } from '../../lib/forms';
import { useSaveUserTopics, useTopics, useUserTopics } from './queries';

export interface FavouriteTopicsFormProps {
  /** The save button's text. */
  submitLabel?: string;
  onSaved?: () => void;
  /** Extra buttons beside the save button (the stepper's "skip"). */
  extraActions?: ReactNode;
  /** Shows the "saved" toast (off where the caller says something itself). Default true. */
  announce?: boolean;
}

/** Tick the topics you like to talk about; saving replaces the favourites (PATCH /topic/of/user). */
export function FavouriteTopicsForm({
  submitLabel = 'حفظ الموضوعات',
  onSaved,
  extraActions,
  announce = true,
}: FavouriteTopicsFormProps) {
  const topics = useTopics();
  const mine = useUserTopics();
  if (topics.isPending || mine.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-2/3" />
        </div>
        {extraActions && <div className="flex flex-wrap items-center gap-2">{extraActions}</div>}
      </div>
    );
  }
  if (topics.isError || mine.isError) {
    return (
      <div className="flex flex-col gap-4">
        <ErrorState
          error={topics.error ?? mine.error}
          message={UI_MESSAGES.topicsLoadFailed}
          onRetry={() => {
            void topics.refetch();
            void mine.refetch();
          }}
        />
        {extraActions && <div className="flex flex-wrap items-center gap-2">{extraActions}</div>}
      </div>
    );
  }
  return (
    <TopicChoices
      topics={topics.data}
      initial={mine.data.map((topic) => topic.id)}
      submitLabel={submitLabel}
      onSaved={onSaved}
      extraActions={extraActions}
      announce={announce}
    />
  );
}

function TopicChoices({
  topics,
  initial,
  submitLabel,
  onSaved,
  extraActions,
  announce,
}: {
  topics: { id: number; nameAr: string; nameEn: string }[];
  initial: number[];
  submitLabel: string;
  onSaved?: () => void;
  extraActions?: ReactNode;
  announce: boolean;
}) {
  const toast = useToast();
  const save = useSaveUserTopics();
  const [chosen, setChosen] = useState(() => new Set(initial));
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate([...chosen], {
      onSuccess: () => {
        if (announce) toast.success(UI_MESSAGES.topicsSaved);
        onSaved?.();
      },
      onError: (error) => toast.error(failureMessage(error, UI_MESSAGES.topicsSaveFailed)),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink">
          اختر الموضوعات التي تحب التحدث عنها في دروسك (يمكنك اختيار أكثر من موضوع)
        </legend>
        {topics.length === 0 ? (
          <p className="text-muted">لا توجد موضوعات متاحة بعد.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {topics.map((topic) => {
              const checked = chosen.has(topic.id);
              return (
                <li key={topic.id}>
                  <label
                    className={cx(
                      'flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                      checked
                        ? 'border-brand-700 bg-brand-50 text-brand-900'
                        : 'border-slate-300 bg-white text-ink hover:bg-slate-50',
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => toggle(topic.id)}
                      className="size-4 accent-brand-700 focus-visible:outline-none"
                    />
                    <span className="font-semibold">{topic.nameAr}</span>
                    <span lang="en" dir="ltr" className="text-sm text-muted">
                      {topic.nameEn}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={save.isPending}>
          {submitLabel}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
