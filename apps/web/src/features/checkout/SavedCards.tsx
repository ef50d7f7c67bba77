import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Button,
  CARD_BRAND_NAMES_AR,
  ConfirmDialog,
  Dialog,
  ErrorState,
  Skeleton,
  UI_MESSAGES,
  messageForError,
  useToast,
} from '@talaqa/ui';
import type { CardToken } from '@talaqa/domain';
import { paths } from '../../paths';
import { goToExternalPage } from './external';
import { useAddCardUrl, useDeleteCard, useSavedCards } from './queries';

/** "فيزا •••• 4242" */
export function CardName({ card }: { card: CardToken }) {
  return (
    <>
      {CARD_BRAND_NAMES_AR[card.brand] ?? CARD_BRAND_NAMES_AR.other}{' '}
      <bdi dir="ltr" className="font-mono">
        •••• {card.last4}
      </bdi>
    </>
  );
}

/** The address Fawry's card page returns to: /card-added, then back to `next`. */
export const cardAddedReturnUrl = (next: string): string =>
  `${window.location.origin}${paths.cardAdded}?${new URLSearchParams({ next }).toString()}`;

export interface AddCardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where /card-added sends the student afterwards (this checkout). */
  next: string;
}

/**
 * Explains that the card is typed on Fawry's own secure page (never on ours), then opens it
 * (GET /fawry/card-token/url); Fawry returns to /card-added.
 */
export function AddCardDialog({ open, onOpenChange, next }: AddCardDialogProps) {
  const addUrl = useAddCardUrl();
  const [leaving, setLeaving] = useState(false);
  return (
    <Dialog
      title="إضافة بطاقة جديدة"
      description="تُضاف البطاقة على صفحة فوري الآمنة، ثم تعود إلى هنا لإتمام الدفع."
      open={open}
      onOpenChange={(next) => {
        if (!addUrl.isPending && !leaving) onOpenChange(next);
      }}
    >
      <ul className="flex list-disc flex-col gap-2 ps-5 text-ink">
        <li>ستنتقل إلى صفحة فوري (FawryPay) لتكتب رقم البطاقة وتاريخ انتهائها ورمز الأمان.</li>
        <li>لا تمر بيانات بطاقتك على خوادم طلاقة، ونحتفظ فقط برمز تعريفي وآخر أربعة أرقام منها.</li>
        <li>بعد حفظ البطاقة تعود تلقائيًا إلى صفحة الدفع لتكمل اشتراكك.</li>
      </ul>
      {addUrl.isError && (
        <Alert tone="error" role="alert" className="mt-4">
          {UI_MESSAGES.cardAddFailed}
        </Alert>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button
          variant="secondary"
          onClick={() => onOpenChange(false)}
          disabled={addUrl.isPending || leaving}
        >
          {UI_MESSAGES.cancel}
        </Button>
        <Button
          loading={addUrl.isPending || leaving}
          onClick={() =>
            addUrl.mutate(cardAddedReturnUrl(next), {
              onSuccess: (url) => {
                setLeaving(true);
                goToExternalPage(url);
              },
            })
          }
        >
          المتابعة إلى صفحة فوري الآمنة
        </Button>
      </div>
    </Dialog>
  );
}

export interface CardPickerProps {
  /** The chosen card's token. */
  value: string | null;
  onChange: (token: string | null) => void;
  legend: string;
  /** Where to come back after adding a card. */
  next: string;
  disabled?: boolean;
}

/**
 * The saved cards as radio buttons, each with a delete button (confirmed first), and the
 * add-card dialog. The first card is chosen when none is.
 */
export function CardPicker({ value, onChange, legend, next, disabled = false }: CardPickerProps) {
  const cards = useSavedCards();
  const remove = useDeleteCard();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CardToken | null>(null);
  const name = useId();

  const list = cards.data;
  useEffect(() => {
    if (!list) return;
    if (!list.some((card) => card.token === value)) onChange(list[0]?.token ?? null);
  }, [list, value, onChange]);

  const addButton = (
    <Button variant="secondary" onClick={() => setAdding(true)} disabled={disabled}>
      إضافة بطاقة جديدة
    </Button>
  );

  let body;
  if (cards.isPending) {
    body = (
      <div role="status" aria-label="جارٍ تحميل البطاقات المحفوظة" className="flex flex-col gap-2">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  } else if (cards.isError) {
    body = (
      <ErrorState
        title="تعذّر تحميل بطاقاتك المحفوظة"
        error={cards.error}
        onRetry={() => void cards.refetch()}
        retrying={cards.isFetching}
      />
    );
  } else if (cards.data.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-slate-300 p-4">
        <p className="text-ink">
          لا توجد بطاقات محفوظة بعد. أضف بطاقة لتدفع بها الآن وفي المرات القادمة.
        </p>
        {addButton}
      </div>
    );
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-2">
          {cards.data.map((card) => {
            const id = `${name}-${card.token}`;
            return (
              <li
                key={card.token}
                className="flex items-center justify-between gap-2 rounded-xl border border-slate-200 px-3 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <label
                  htmlFor={id}
                  className="flex min-h-12 flex-1 cursor-pointer items-center gap-3"
                >
                  <input
                    id={id}
                    type="radio"
                    name={name}
                    value={card.token}
                    checked={value === card.token}
                    onChange={() => onChange(card.token)}
                    disabled={disabled}
                    className="size-5 shrink-0 accent-brand-700"
                  />
                  <span className="flex flex-col">
                    <span className="font-semibold text-ink">
                      <CardName card={card} />
                    </span>
                    {card.expiry && (
                      <span className="text-sm text-muted">
                        تنتهي في <bdi dir="ltr">{card.expiry}</bdi>
                      </span>
                    )}
                  </span>
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={disabled}
                  aria-label={`حذف البطاقة المنتهية بالأرقام ${card.last4}`}
                  onClick={() => {
                    remove.reset();
                    setDeleting(card);
                  }}
                >
                  حذف
                </Button>
              </li>
            );
          })}
        </ul>
        <div>{addButton}</div>
      </>
    );
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold text-ink">{legend}</legend>
      {body}
      <AddCardDialog open={adding} onOpenChange={setAdding} next={next} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="حذف البطاقة؟"
        description={
          deleting
            ? `ستُحذف البطاقة المنتهية بالأرقام ${deleting.last4} من بطاقاتك المحفوظة، ويمكنك إضافتها مرة أخرى لاحقًا.`
            : undefined
        }
        confirmLabel="حذف البطاقة"
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.token, {
            onSuccess: () => {
              setDeleting(null);
              toast.success('تم حذف البطاقة');
            },
          });
        }}
      >
        {remove.isError && (
          <Alert tone="error" role="alert">
            تعذّر حذف البطاقة. {messageForError(remove.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </fieldset>
  );
}
