import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '@talaqa/api-client';
import { readCampaign } from '@talaqa/domain';
import {
  Button,
  CenteredSpinner,
  ErrorPage,
  NotFoundIllustration,
  UI_MESSAGES,
  usePageTitle,
} from '@talaqa/ui';
import { openShortLink } from '../../api';
import { keepCampaign } from '../../campaign';
import { WEB_URL } from '../../paths';
import { shortLinkDestination } from './destination';
import { replaceLocation } from './redirect';

type State = 'opening' | 'leaving' | 'not-found' | 'failed';

/** Search engines keep neither the short address nor its "not found" page. */
const NoIndex = () => <meta name="robots" content="noindex" />;

/**
 * `/url/{name}` (spec section 2, record 351): opens the short link (the server counts the
 * click), keeps its campaign for this visit, and replaces itself with the target. An unknown or
 * switched-off name gets a clear page; a failure to reach the server offers to try again.
 */
export default function ShortUrlPage() {
  const { name = '' } = useParams();
  const [state, setState] = useState<State>('opening');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // A name that could never be a link's is not worth a request.
    const wanted = readCampaign({ name })?.name;
    if (!wanted) {
      setState('not-found');
      return;
    }
    let current = true;
    setState('opening');
    openShortLink(wanted)
      .then((target) => {
        if (!current) return;
        const href = shortLinkDestination(target, { landing: location.origin, web: WEB_URL });
        if (!href) {
          setState('not-found');
          return;
        }
        keepCampaign({ name: target.name, source: target.source });
        setState('leaving');
        replaceLocation(href);
      })
      .catch((error: unknown) => {
        if (!current) return;
        setState(isApiError(error) && error.status === 404 ? 'not-found' : 'failed');
      });
    return () => {
      current = false;
    };
  }, [name, attempt]);

  if (state === 'not-found') {
    return (
      <>
        <NoIndex />
        <ErrorPage
          title="الرابط غير موجود"
          subtitle="هذا الرابط المختصر غير موجود أو توقف العمل به. تأكد من كتابته كما وصلك، أو تصفّح طلاقة من صفحتها الرئيسية."
          buttonLabel={UI_MESSAGES.notFoundButton}
          illustration={<NotFoundIllustration className="h-32 w-auto" />}
        />
      </>
    );
  }
  if (state === 'failed') return <OpenFailed onRetry={() => setAttempt((n) => n + 1)} />;
  return <Opening />;
}

function Opening() {
  usePageTitle('رابط مختصر');
  return (
    <>
      <NoIndex />
      <h1 className="sr-only">رابط مختصر</h1>
      <CenteredSpinner label="جارٍ فتح الرابط…" />
    </>
  );
}

function OpenFailed({ onRetry }: { onRetry: () => void }) {
  usePageTitle('تعذّر فتح الرابط');
  return (
    <div
      dir="rtl"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-12 text-center"
    >
      <NoIndex />
      <h1 className="text-3xl font-bold text-ink">تعذّر فتح الرابط</h1>
      <p role="alert" className="max-w-prose text-lg text-muted">
        {UI_MESSAGES.connectionFailed}
      </p>
      <Button onClick={onRetry}>{UI_MESSAGES.retry}</Button>
    </div>
  );
}
