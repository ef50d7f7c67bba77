import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { clientLog, isAbortError } from '@talaqa/api-client';
import type { LogFile } from '@talaqa/api-client';
import {
  REPORT_DESCRIPTION_MAX_LENGTH,
  REPORT_DESCRIPTION_MIN_LENGTH,
  reportFormSchema,
} from '@talaqa/domain';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  ProgressBar,
  Spinner,
  Textarea,
  UI_MESSAGES,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { reportApi } from '../../api';
import { failureMessage } from '../../lib/forms';

/** The picture of the page: being drawn, drawn, or not to be had. */
type Shot = { state: 'pending' } | { state: 'ready'; blob: Blob; url: string } | { state: 'none' };

/** Follows the capture started when the report was asked for; the preview URL is freed after. */
function useShot(screenshot: Promise<Blob | null>): Shot {
  const [shot, setShot] = useState<Shot>({ state: 'pending' });
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    setShot({ state: 'pending' });
    void screenshot.then((blob) => {
      if (!live) return;
      if (!blob) {
        setShot({ state: 'none' });
        return;
      }
      url = URL.createObjectURL(blob);
      setShot({ state: 'ready', blob, url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [screenshot]);
  return shot;
}

function descriptionError(description: string): string | undefined {
  const parsed = reportFormSchema.safeParse({ description });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * "Report a problem" (issue 23 item 6; docs/decisions/348-problem-reports.md): the person writes
 * what happened; the picture of the page taken before this dialog opened (shown, and may be left
 * out) and the app's recent log lines (shown on request, secrets already removed) go with it. The
 * send shows its progress; a failure keeps everything for another try.
 */
function ProblemReportDialog({
  open,
  onOpenChange,
  screenshot,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page's picture, started when the report was asked for (null: none could be drawn). */
  screenshot: Promise<Blob | null>;
}) {
  const toast = useToast();
  const shot = useShot(screenshot);
  const [description, setDescription] = useState('');
  const [withScreenshot, setWithScreenshot] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  // The log as it was when the dialog opened: what the person saw is what is sent.
  const log: LogFile = useMemo(() => clientLog.file(), []);
  const lineCount = useMemo(() => clientLog.lines().length, []);

  useEffect(() => () => controller.current?.abort(), []);

  const close = (next: boolean) => {
    if (!next && sending) controller.current?.abort();
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const problem = descriptionError(description);
    setError(problem);
    if (problem) return;
    setFailure(null);
    setSending(true);
    setProgress(0);
    const abort = new AbortController();
    controller.current = abort;
    try {
      // A picture still being drawn is waited for: it is what the report is about.
      const blob = withScreenshot ? await screenshot : null;
      await reportApi.send(
        {
          description: description.trim(),
          url: window.location.href,
          userAgent: navigator.userAgent,
          screenshot: blob,
          log,
        },
        { onProgress: setProgress, signal: abort.signal },
      );
      toast.success('وصل بلاغك، شكرًا لك. سيراجعه فريق الدعم في أقرب وقت');
      onOpenChange(false);
    } catch (sendError) {
      if (isAbortError(sendError)) return;
      setFailure(failureMessage(sendError, 'حدث خطأ غير متوقع، من فضلك حاول مرة أخرى'));
    } finally {
      setSending(false);
    }
  };

  const length = description.trim().length;
  return (
    <Dialog
      title="الإبلاغ عن مشكلة"
      description="اكتب ما حدث، وسنرسل معه صورة الصفحة وسجل التطبيق الأخير ليساعدنا على إصلاحه."
      open={open}
      onOpenChange={close}
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <Textarea
          label="ما المشكلة؟"
          hint={`من ${formatNumber(REPORT_DESCRIPTION_MIN_LENGTH)} إلى ${formatNumber(REPORT_DESCRIPTION_MAX_LENGTH)} حرف — ${formatNumber(length)} / ${formatNumber(REPORT_DESCRIPTION_MAX_LENGTH)}`}
          rows={4}
          value={description}
          disabled={sending}
          error={error}
          onChange={(event) => {
            setDescription(event.target.value);
            if (tried) setError(descriptionError(event.target.value));
          }}
        />

        <section aria-label="صورة الصفحة" className="flex flex-col gap-2">
          {shot.state === 'pending' && (
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner size="sm" />
              جارٍ تجهيز صورة الصفحة…
            </p>
          )}
          {shot.state === 'none' && (
            <p className="text-sm text-muted" role="status">
              تعذّر التقاط صورة للصفحة، وسيُرسل البلاغ بدونها.
            </p>
          )}
          {shot.state === 'ready' && (
            <>
              <img
                src={shot.url}
                alt="صورة الصفحة التي ستُرسل مع البلاغ"
                className="h-40 w-full rounded-lg border border-slate-200 object-cover object-top"
              />
              <Checkbox
                label="إرفاق صورة الصفحة"
                checked={withScreenshot}
                disabled={sending}
                onChange={(event) => setWithScreenshot(event.target.checked)}
              />
            </>
          )}
        </section>

        <details className="rounded-lg border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-semibold text-ink">
            يُرفق سجل التطبيق الأخير (عدد الأسطر: {formatNumber(lineCount)}) بدون كلمات المرور أو
            رموز الدخول
          </summary>
          <pre
            dir="ltr"
            className="mt-2 max-h-40 overflow-auto text-start font-mono text-xs whitespace-pre-wrap break-all text-ink"
          >
            {log.text}
          </pre>
        </details>

        {sending && <ProgressBar value={progress} label="إرسال البلاغ" />}
        {failure && (
          <Alert tone="error" role="alert" title="لم يُرسل البلاغ">
            {failure}
          </Alert>
        )}

        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => close(false)}>
            {UI_MESSAGES.cancel}
          </Button>
          <Button type="submit" loading={sending}>
            إرسال البلاغ
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export default ProblemReportDialog;
