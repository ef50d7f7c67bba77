import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { UI_MESSAGES } from '../messages';
import { cx } from '../cx';
import { CloseIcon } from './CloseIcon';
import { useReturnFocus } from './return-focus';

export interface DialogProps {
  title: string;
  description?: string;
  /** The element that opens the dialog (a Button); optional when `open` is controlled. */
  trigger?: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
  className?: string;
}

/**
 * A modal dialog (Radix): focus is trapped inside and returns on close to the control that
 * opened it (its trigger, or whatever held focus when it opened); Escape, the
 * overlay and the close button (labelled 'إغلاق') close it.
 */
export function Dialog({
  title,
  description,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  children,
  className,
}: DialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content
          dir="rtl"
          lang="ar-EG"
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cx(
            'fixed inset-x-0 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg',
            '-translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
            'focus-visible:outline-2 focus-visible:outline-brand-600',
            className,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <RadixDialog.Title className="text-xl font-bold text-ink">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label={UI_MESSAGES.close}
              className="-me-2 -mt-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a footer button with this to make it close the dialog. */
export const DialogClose = RadixDialog.Close;
