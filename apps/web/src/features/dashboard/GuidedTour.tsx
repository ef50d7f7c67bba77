/**
 * A guided tour: a few short steps in a small dialog at the bottom of the page, shown once per
 * user on the first visit (remembered in this browser's localStorage) and reopened on demand.
 *
 * The dialog is not modal: the page stays readable and usable behind it, so it never blocks a
 * person (or a test) who wants to act at once. Focus moves into it when it opens, Escape or
 * "تخطّي" closes it, and focus goes back where it was (or to `returnFocusTo`).
 *
 * Each step points at a real element of the page, marked `data-tour="<target>"` (`tourTarget`):
 * the element is scrolled into view and outlined while its step is shown, and a step whose
 * element is not on the page when the tour opens (a section that failed to load) is left out.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { Button, CloseIcon, buttonClasses, stepOfTotalText } from '@talaqa/ui';

export interface TourStep {
  title: string;
  body: ReactNode;
  /** The `data-tour` value of the element of the page this step is about. */
  target: string;
  /** Where this step's subject lives, offered as a link. */
  link?: { to: string; label: string };
}

/** The localStorage key that remembers a tour was shown to this user in this browser. */
export const tourStorageKey = (tour: string, userId: number): string =>
  `talaqa.tour.${tour}.${userId}`;

function wasShown(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    // Storage refused (private mode): better to show the tour again than never.
    return false;
  }
}

function rememberShown(key: string): void {
  try {
    localStorage.setItem(key, new Date().toISOString());
  } catch {
    // Nothing to do: the tour simply shows again next time.
  }
}

/**
 * Whether the tour is open: it opens by itself the first time this user comes here, and is
 * remembered as shown the moment it opens (so leaving mid-tour does not bring it back).
 */
export function useFirstVisitTour(tour: string, userId: number) {
  const key = tourStorageKey(tour, userId);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (wasShown(key)) return;
    rememberShown(key);
    setOpen(true);
  }, [key]);
  const start = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, start, close };
}

export interface GuidedTourProps {
  /** Names the dialog ("جولة تعريفية"). */
  label: string;
  steps: readonly TourStep[];
  open: boolean;
  onClose: () => void;
  /** Receives focus on close when nothing on the page had it before (the reopen button). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Spread on the element a step points at: `<section {...tourTarget('upcoming')}>`. */
export const tourTarget = (target: string) => ({ 'data-tour': target });

/** The element of the page a step points at, or null when the page does not show it. */
export const tourTargetElement = (target: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`[data-tour="${CSS.escape(target)}"]`);

/** Marks the element of the step shown (styles.css outlines it). */
const ACTIVE_ATTRIBUTE = 'data-tour-active';

/**
 * The tour's dialog; renders nothing while closed. When it opens, the steps whose element is
 * on the page are kept (none: the tour closes at once).
 */
export function GuidedTour({ label, steps, open, onClose, returnFocusTo }: GuidedTourProps) {
  const [shown, setShown] = useState<readonly TourStep[] | null>(null);
  useLayoutEffect(() => {
    if (!open) {
      setShown(null);
      return;
    }
    const present = steps.filter((step) => tourTargetElement(step.target) !== null);
    if (present.length === 0) onClose();
    else setShown(present);
  }, [open, steps, onClose]);
  if (!open || !shown) return null;
  return <TourDialog label={label} steps={shown} onClose={onClose} returnFocusTo={returnFocusTo} />;
}

function TourDialog({ label, steps, onClose, returnFocusTo }: Omit<GuidedTourProps, 'open'>) {
  const [index, setIndex] = useState(0);
  const dialogRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const titleId = useId();
  const bodyId = useId();
  const step = steps[Math.min(index, steps.length - 1)]!;
  const last = index >= steps.length - 1;

  // The step's element: in view (above the dialog at the bottom) and outlined.
  useEffect(() => {
    const element = tourTargetElement(step.target);
    if (!element) return;
    element.setAttribute(ACTIVE_ATTRIBUTE, '');
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    element.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    return () => element.removeAttribute(ACTIVE_ATTRIBUTE);
  }, [step.target]);

  useEffect(() => {
    const previous = document.activeElement;
    const fallback = returnFocusTo?.current;
    dialogRef.current?.focus();
    return () => {
      const target =
        previous instanceof HTMLElement && previous !== document.body && previous.isConnected
          ? previous
          : fallback;
      target?.focus();
    };
  }, [returnFocusTo]);

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-labelledby={`${labelId} ${titleId}`}
      aria-describedby={bodyId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
      className="fixed inset-x-3 bottom-3 z-30 mx-auto flex max-w-md flex-col gap-4 rounded-2xl border border-brand-200 bg-white p-5 shadow-xl focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <p id={labelId} className="text-sm font-semibold text-brand-700">
            {label} — {stepOfTotalText(index, steps.length)}
          </p>
          <h2 id={titleId} className="text-lg font-bold text-ink">
            {step.title}
          </h2>
        </div>
        <button
          type="button"
          aria-label="إغلاق الجولة"
          onClick={onClose}
          className="-me-2 -mt-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-slate-100"
        >
          <CloseIcon />
        </button>
      </div>
      <div id={bodyId} className="flex flex-col gap-2 text-muted">
        <div>{step.body}</div>
        {step.link && (
          <Link
            to={step.link.to}
            onClick={onClose}
            className="self-start font-semibold text-brand-700 underline underline-offset-4"
          >
            {step.link.label}
          </Link>
        )}
      </div>
      {/* Announces the new step after "التالي" or "السابق" (the focus stays on the button). */}
      <p aria-live="polite" className="sr-only">
        {stepOfTotalText(index, steps.length)}: {step.title}
      </p>
      <ol aria-hidden="true" className="flex justify-center gap-2">
        {steps.map((item, position) => (
          <li
            key={item.title}
            className={`size-2 rounded-full ${position === index ? 'bg-brand-700' : 'bg-slate-300'}`}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onClose}>
          تخطّي
        </Button>
        <div className="flex gap-2">
          {/* Stays in place on the first step (aria-disabled keeps the focus on it). */}
          <Button
            variant="secondary"
            size="sm"
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            aria-disabled={index === 0 || undefined}
            onClick={() => setIndex((current) => Math.max(0, current - 1))}
          >
            السابق
          </Button>
          <Button size="sm" onClick={() => (last ? onClose() : setIndex((current) => current + 1))}>
            {last ? 'إنهاء الجولة' : 'التالي'}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The button that opens the tour again. */
export function TourButton({
  onClick,
  buttonRef,
}: {
  onClick: () => void;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onClick}
      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
    >
      جولة تعريفية
    </button>
  );
}
