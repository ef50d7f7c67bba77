import type { ReactNode } from 'react';
import { Button, Dialog, DialogClose, UI_MESSAGES } from '@talaqa/ui';

/** A dialog about one list item (editing it); `null` keeps it closed. */
export function EditDialog<T>({
  title,
  item,
  onClose,
  children,
}: {
  title: string;
  item: T | null;
  onClose: () => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <Dialog
      title={title}
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {item !== null && children(item)}
    </Dialog>
  );
}

/** The secondary button that closes the dialog it stands in, beside a form's submit button. */
export function DialogCancelButton() {
  return (
    <DialogClose asChild>
      <Button variant="secondary">{UI_MESSAGES.cancel}</Button>
    </DialogClose>
  );
}
