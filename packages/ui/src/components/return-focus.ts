import { useCallback, useRef } from 'react';

const focusedElement = (): HTMLElement | null => {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/**
 * Focus goes back to the control that opened a modal when it closes. Radix does this only for its
 * own `Trigger`; our dialogs are mostly opened from state (a menu item, a toolbar button), and
 * without this focus fell to the page's start.
 *
 * The opener is read while rendering the render that opens the modal (`open` turning true):
 * later is too late when something inside takes focus on mount (ConfirmDialog's `autoFocus` on
 * Cancel runs before Radix's `onOpenAutoFocus`). Uncontrolled modals are read in
 * `onOpenAutoFocus`, before Radix moves focus inside.
 */
export function useReturnFocus(open?: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open === true && !wasOpen.current) opener.current = focusedElement();
  wasOpen.current = open === true;

  const onOpenAutoFocus = useCallback(() => {
    opener.current ??= focusedElement();
  }, []);

  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    // Gone from the page (a list item removed by the action): Radix's own behaviour applies.
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  }, []);

  return { onOpenAutoFocus, onCloseAutoFocus };
}
