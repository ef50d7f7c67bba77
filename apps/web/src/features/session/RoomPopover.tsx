import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { cx } from '@talaqa/ui';

export interface RoomPopoverProps {
  /** The panel's name for screen readers. */
  label: string;
  /** The wrapper's classes (its place in a row). */
  className?: string;
  /** The opening button's content and classes (it gets aria-expanded and aria-controls). */
  button: (expanded: boolean) => ReactNode;
  buttonClassName: string;
  /** The panel's placement and size, relative to the wrapper. */
  panelClassName: string;
  children: ReactNode;
}

/**
 * A small panel that opens from a button of the room (data saver, the link's details). Not modal:
 * the call goes on around it. Escape closes it and returns focus to its button; a press outside
 * closes it; on opening, focus moves to its first control.
 */
export function RoomPopover({
  label,
  className,
  button,
  buttonClassName,
  panelClassName,
  children,
}: RoomPopoverProps) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return undefined;
    const first = panel.current?.querySelector<HTMLElement>(
      'input:checked, button, input, [tabindex]',
    );
    (first ?? panel.current)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={wrapper}
      className={cx('relative', className)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        opener.current?.focus();
      }}
    >
      <button
        ref={opener}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className={buttonClassName}
      >
        {button(open)}
      </button>
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-label={label}
        tabIndex={-1}
        hidden={!open}
        className={cx(
          'z-20 rounded-2xl bg-white p-4 text-ink shadow-xl ring-1 ring-slate-200',
          panelClassName,
        )}
      >
        {children}
      </div>
    </div>
  );
}
