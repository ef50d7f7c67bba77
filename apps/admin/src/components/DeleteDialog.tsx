import { ConfirmDialog, useToast } from '@talaqa/ui';
import { actionErrorText } from '../lib/forms';

export interface DeleteDialogProps<T> {
  /** What the admin asked to delete; `null` keeps the dialog closed. */
  item: T | null;
  /** Called when the dialog closes: cancelled, deleted or failed. */
  onClose: () => void;
  title: string;
  description: (item: T) => string;
  /** Deletes the item and answers what the success toast says. */
  onDelete: (item: T) => Promise<string>;
  /** The toast when deleting fails for a reason the server does not explain. */
  failedText: string;
  /** The deletion is running. */
  loading: boolean;
}

/** Asks before deleting a list item, then toasts the outcome and closes. */
export function DeleteDialog<T>({
  item,
  onClose,
  title,
  description,
  onDelete,
  failedText,
  loading,
}: DeleteDialogProps<T>) {
  const toast = useToast();

  const confirm = async () => {
    if (!item) return;
    try {
      toast.success(await onDelete(item));
    } catch (error) {
      toast.error(actionErrorText(error, failedText));
    } finally {
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={item ? description(item) : undefined}
      confirmLabel="حذف"
      loading={loading}
      onConfirm={() => void confirm()}
    />
  );
}
