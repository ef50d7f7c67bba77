/**
 * The "report a problem" entry of the main app's shell (issue 23 item 6; record 348): any
 * signed-in person opens it from the account menu or the footer's help links. The dialog, the
 * drawing library and the contracts load only then, so the first load carries none of them.
 */
import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

const ReportContext = createContext<(() => void) | null>(null);

/** Opens the report dialog; null outside the shell of a signed-in person. */
export const useOpenProblemReport = (): (() => void) | null => useContext(ReportContext);

const loadDialog = () => import('./ProblemReportDialog');
const LazyDialog = lazy(loadDialog);

const nextFrame = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => resolve());
  });

/**
 * The page's picture: `#root` only, which the dialog (a portal beside it) is never part of. It
 * is drawn once the dialog has been shown, so the drawing (main-thread work) never delays the
 * dialog itself.
 */
const drawPage = (): Promise<Blob | null> =>
  Promise.all([import('./screenshot'), loadDialog()])
    .then(async ([module]) => {
      await nextFrame();
      await nextFrame();
      return module.capturePage();
    })
    .catch(() => null);

/** Holds the dialog for the shell below it; each opening takes a new picture of the page. */
export function ProblemReportProvider({
  enabled,
  children,
}: {
  /** Signed in: the entry is offered. */
  enabled: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [screenshot, setScreenshot] = useState<Promise<Blob | null> | null>(null);
  // A new report each time: the dialog's text and state start afresh.
  const [round, setRound] = useState(0);

  const start = useCallback(() => {
    setScreenshot(drawPage());
    setRound((value) => value + 1);
    setOpen(true);
  }, []);
  const value = useMemo(() => (enabled ? start : null), [enabled, start]);

  return (
    <ReportContext.Provider value={value}>
      {children}
      {enabled && screenshot && (
        <Suspense fallback={null}>
          <LazyDialog key={round} open={open} onOpenChange={setOpen} screenshot={screenshot} />
        </Suspense>
      )}
    </ReportContext.Provider>
  );
}
