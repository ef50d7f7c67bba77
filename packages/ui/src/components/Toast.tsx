import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@talaqa/domain';
import { UI_MESSAGES } from '../messages';
import { cx } from '../cx';
import { CloseIcon } from './CloseIcon';

export type ToastKind = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  kind: ToastKind;
  label: string;
}

export interface ToastApi {
  show: (kind: ToastKind, label: string) => void;
  success: (label: string) => void;
  error: (label: string) => void;
  info: (label: string) => void;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const KIND_CLASSES: Record<ToastKind, string> = {
  success: 'border-emerald-600 bg-emerald-50 text-emerald-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-brand-600 bg-white text-ink',
};

/**
 * Holds the toasts of an app. On wider screens they stack at the top-left corner below the header
 * (spec section 9 names that corner, so this is the one place that uses a physical side instead
 * of start/end); on phones along the bottom, where a toast cannot cover the header's menu and
 * account buttons. Each disappears after TOAST_DURATION_MS, or earlier with its close button.
 */
export function ToastProvider({
  children,
  duration = TOAST_DURATION_MS,
}: {
  children: ReactNode;
  duration?: number;
}) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, label: string) => {
      if (!label.trim()) {
        // Spec section 8: an empty toast label is logged as an error (and nothing is shown).
        console.error(`Toast: empty ${kind} label, nothing shown`);
        return;
      }
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, label }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    },
    [dismiss, duration],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (label) => show('success', label),
      error: (label) => show('error', label),
      info: (label) => show('info', label),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        dir="rtl"
        aria-live="polite"
        className={cx(
          'pointer-events-none fixed z-50 flex flex-col gap-2',
          // Phones: along the bottom, clear of the header and within thumb reach.
          'inset-x-4 bottom-4',
          // Wider: the top-left corner, below the header (about 4 rem) so it never covers it.
          'sm:inset-x-auto sm:top-20 sm:bottom-auto sm:left-4 sm:w-96',
        )}
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            className={cx(
              'pointer-events-auto flex items-start gap-3 rounded-xl border-s-4 p-4 shadow-lg',
              KIND_CLASSES[toast.kind],
            )}
          >
            <p className="flex-1 text-sm font-semibold">{toast.label}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              aria-label={UI_MESSAGES.close}
              className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}
