import type { ReactNode } from 'react';
import { UI_MESSAGES } from '../messages';
import { Button } from './Button';
import type { ButtonVariant } from './Button';
import { Dialog, DialogClose } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The confirming button's text, e.g. 'حذف'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Runs on confirm; the dialog stays open (the caller closes it when the work is done). */
  onConfirm: () => void;
  /** 'danger' for destructive actions (the default). */
  variant?: Extract<ButtonVariant, 'danger' | 'primary'>;
  /** Shows a spinner on the confirming button and disables both buttons. */
  loading?: boolean;
  children?: ReactNode;
  /** The button that opens it: focus returns to it when the dialog closes. */
  trigger?: ReactNode;
}

/**
 * "Are you sure?" before an action that cannot be undone (deleting, signing out). Cancel is the
 * first focused button, so Enter alone never confirms a destructive action.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = UI_MESSAGES.confirm,
  cancelLabel = UI_MESSAGES.cancel,
  onConfirm,
  variant = 'danger',
  loading = false,
  children,
  trigger,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      description={description}
      trigger={trigger}
      open={open}
      onOpenChange={(next) => {
        if (!loading) onOpenChange(next);
      }}
    >
      {children}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary" disabled={loading} autoFocus>
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button variant={variant} loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
