import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { UI_MESSAGES } from '../messages';
import { CloseIcon } from './CloseIcon';
import { useReturnFocus } from './return-focus';

export interface SheetProps {
  /** The sheet's heading, and its name for screen readers. */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where focus goes when the sheet closes: the control that opened it. Radix returns focus only
   * to its own trigger, and a sheet opened from a toolbar button has none.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A panel that rises from the bottom of a phone's screen over what is behind it (the lesson
 * room's chat). A modal dialog: focus stays inside, Escape and the close button close it.
 */
export function Sheet({ title, open, onOpenChange, returnFocusTo, children }: SheetProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <RadixDialog.Content
          dir="rtl"
          lang="ar-EG"
          aria-describedby={undefined}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current;
            if (!target) {
              returnFocus.onCloseAutoFocus(event);
              return;
            }
            event.preventDefault();
            target.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex h-[75dvh] flex-col overflow-hidden rounded-t-2xl bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <RadixDialog.Title className="text-lg font-bold text-ink">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={UI_MESSAGES.close}
              className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
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
