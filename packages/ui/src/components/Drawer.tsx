import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { UI_MESSAGES } from '../messages';
import { CloseIcon } from './CloseIcon';
import { useReturnFocus } from './return-focus';

export interface DrawerProps {
  /** Read by screen readers as the panel's name (e.g. 'القائمة'). */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/**
 * A side panel that slides in from the reading start (the right in Arabic): the phone-width menu
 * of the apps. It is a modal dialog, so focus stays inside, Escape closes it,
 * and focus returns to the menu button that opened it.
 */
export function Drawer({ title, open, onOpenChange, children }: DrawerProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content
          dir="rtl"
          lang="ar-EG"
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="text-lg font-bold text-ink">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={UI_MESSAGES.close}
              className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
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
