import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  ConfirmDialog,
  Input,
  messageForError,
  QueryContent,
  SkeletonRows,
} from '@talaqa/ui';
import { useCalendarFeed, useCreateCalendarFeed, useDisableCalendarFeed } from './queries';

type Copied = 'idle' | 'copied' | 'failed';

/** `webcal:` opens the address straight in the device's calendar app (same host and path). */
const webcalOf = (url: string): string => url.replace(/^https?:/, 'webcal:');

/** The address, shown once, read-only, with a copy button and a way into the calendar app. */
function FeedAddress({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<Copied>('idle');

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      // Selected, so the person can copy it by hand.
      input.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <Alert tone="warning" title="احفظ الرابط الآن">
        يظهر هذا الرابط الآن فقط، ولا نحتفظ إلا ببصمة منه. انسخه وأضفه إلى تطبيق التقويم؛ وإن فقدته
        فأنشئ رابطًا جديدًا. لا تشاركه مع أحد، فمن يملكه يرى مواعيد دروسك.
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Input
          ref={input}
          label="رابط التقويم"
          value={url}
          readOnly
          dir="ltr"
          wrapperClassName="min-w-0 flex-1"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          نسخ الرابط
        </Button>
      </div>
      {copied !== 'idle' && (
        <p role="status" className="text-sm font-semibold">
          {copied === 'copied'
            ? 'نُسخ الرابط.'
            : 'تعذّر النسخ تلقائيًا. حدّدنا الرابط، فانسخه بنفسك (Ctrl+C أو اضغط مطولًا ثم «نسخ»).'}
        </p>
      )}
      <a
        href={webcalOf(url)}
        className="self-start rounded text-sm font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        فتح في تطبيق التقويم على هذا الجهاز
      </a>
    </div>
  );
}

function HowToSubscribe() {
  return (
    <div className="flex flex-col gap-2 text-muted">
      <p>
        اشترك في تقويم دروسك من تطبيق التقويم الذي تستخدمه، فتظهر فيه دروسك بمواعيدها الصحيحة
        بتوقيتك، وتختفي الدروس الملغاة من تلقاء نفسها.
      </p>
      <ul className="ms-5 list-disc text-sm">
        <li>
          تقويم Google (من الكمبيوتر): الإعدادات ← إضافة تقويم ← من عنوان URL، ثم الصق الرابط.
        </li>
        <li>
          تقويم Apple: ملف ← اشتراك تقويم جديد، أو على iPhone: الإعدادات ← التقويم ← الحسابات.
        </li>
        <li>Outlook: إضافة تقويم ← الاشتراك من الويب، ثم الصق الرابط.</li>
      </ul>
      <p className="text-sm">تحدّث تطبيقات التقويم الاشتراك كل بضع ساعات، فقد يتأخر ظهور التغيير.</p>
    </div>
  );
}

type Confirming = 'replace' | 'disable' | null;

/**
 * "تقويمك": the calendar feed. Turning it on makes a secret address shown this once; a new one
 * replaces it (the old stops working) and turning it off stops it, each after a confirmation.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const disable = useDisableCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const makeAddress = () =>
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setUrl(answer.url);
        setConfirming(null);
      },
    });

  const turnOff = () =>
    disable.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirming(null);
      },
    });

  const closeDialog = (open: boolean) => {
    if (open) return;
    setConfirming(null);
    create.reset();
    disable.reset();
  };

  return (
    <div className="flex flex-col gap-4">
      <HowToSubscribe />
      <QueryContent query={feed} loading={<SkeletonRows rows={2} rowClassName="h-6" />}>
        {({ enabled }) => (
          <div className="flex flex-col gap-4">
            <p role="status" className="font-semibold text-ink">
              {enabled ? 'تقويم دروسك مفعّل.' : 'تقويم دروسك غير مفعّل.'}
            </p>
            {url && <FeedAddress url={url} />}
            {create.isError && confirming === null && (
              <Alert tone="error" role="alert" title="لم يُنشأ الرابط">
                {messageForError(create.error)}
              </Alert>
            )}
            <div className="flex flex-wrap gap-3">
              {enabled ? (
                <>
                  <Button variant="secondary" onClick={() => setConfirming('replace')}>
                    إنشاء رابط جديد
                  </Button>
                  <Button variant="danger" onClick={() => setConfirming('disable')}>
                    إيقاف التقويم
                  </Button>
                </>
              ) : (
                <Button loading={create.isPending} onClick={makeAddress}>
                  إنشاء رابط التقويم
                </Button>
              )}
            </div>
          </div>
        )}
      </QueryContent>
      <ConfirmDialog
        open={confirming === 'replace'}
        onOpenChange={closeDialog}
        title="إنشاء رابط جديد؟"
        description="سيتوقف الرابط القديم عن العمل، وعليك إضافة الرابط الجديد إلى تطبيق التقويم من جديد."
        confirmLabel="نعم، أنشئ رابطًا جديدًا"
        cancelLabel="تراجع"
        variant="primary"
        loading={create.isPending}
        onConfirm={makeAddress}
      >
        {create.isError && (
          <Alert tone="error" role="alert" title="لم يُنشأ الرابط">
            {messageForError(create.error)}
          </Alert>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'disable'}
        onOpenChange={closeDialog}
        title="إيقاف التقويم؟"
        description="سيتوقف رابط التقويم عن العمل ولن تصل دروسك إلى تطبيق التقويم. يمكنك إنشاء رابط جديد في أي وقت."
        confirmLabel="نعم، أوقف التقويم"
        cancelLabel="تراجع"
        loading={disable.isPending}
        onConfirm={turnOff}
      >
        {disable.isError && (
          <Alert tone="error" role="alert" title="لم يتوقف التقويم">
            {messageForError(disable.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </div>
  );
}
