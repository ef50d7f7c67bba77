import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, PageTitle, UI_MESSAGES } from '@talaqa/ui';
import { paths } from '../../paths';
import { safeNext } from '../../lib/destinations';
import { checkoutKeys } from './queries';

/** How long the result stays on screen before going back on its own. */
export const CARD_ADDED_REDIRECT_MS = 4000;

/** Fawry's success status on the return from its card page. */
const FAWRY_OK = '200';
/** Fawry's (and its simulator's) status when the student cancels on the card page. */
const FAWRY_CANCELED = '400';

export type CardAddedResult =
  { kind: 'added'; last4: string | null } | { kind: 'canceled' } | { kind: 'failed' };

/**
 * What Fawry's card page sent back: `statusCode` 200 with the new `token` (and
 * `lastFourDigits`), 400 when the student cancelled, another code (or our own `error`) when
 * saving failed.
 */
export function readCardAddedResult(query: URLSearchParams): CardAddedResult {
  const status = query.get('statusCode');
  const token = query.get('token') ?? query.get('cardToken');
  const last4 = query.get('lastFourDigits') ?? query.get('last4');
  if (query.has('error')) return { kind: 'failed' };
  if (status === FAWRY_CANCELED) return { kind: 'canceled' };
  if ((status === FAWRY_OK || status === null) && token) {
    return { kind: 'added', last4: last4 && /^\d{4}$/.test(last4) ? last4 : null };
  }
  return { kind: 'failed' };
}

/**
 * `next` when it is a path of this app (never another site, `//host`, a scheme, a backslash or a
 * control character a browser would drop), else null.
 */
export function safeReturnPath(next: string | null): string | null {
  if (
    !next ||
    [...next].some(
      (char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f,
    )
  ) {
    return null;
  }
  const safe = safeNext(next);
  if (!safe) return null;
  let url: URL;
  try {
    url = new URL(safe, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === paths.cardAdded) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /card-added: where Fawry's card page returns. Says whether the card was saved, then goes back to
 * `next` (the checkout that sent the student) after a few seconds or at once by button. The
 * card's token is read once and dropped from the address.
 */
export default function CardAddedPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [{ result, next }] = useState(() => {
    const query = new URLSearchParams(location.search);
    return {
      result: readCardAddedResult(query),
      next: safeReturnPath(query.get('next')) ?? paths.plans,
    };
  });

  // Keep the token out of the history and the address bar.
  useEffect(() => {
    if (location.search) void navigate({ search: '' }, { replace: true });
    // Only once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: checkoutKeys.cards });
    const timer = setTimeout(() => void navigate(next, { replace: true }), CARD_ADDED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, next, queryClient]);

  const back = next.startsWith('/checkout/') ? 'العودة إلى صفحة الدفع' : 'متابعة';

  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="إضافة بطاقة الدفع" />
      {result.kind === 'added' ? (
        <Alert tone="success" role="status" title="تمت إضافة بطاقتك بنجاح">
          {result.last4 ? (
            <>
              حُفظت البطاقة المنتهية بالأرقام <bdi dir="ltr">{result.last4}</bdi> لدى فوري، ويمكنك
              الدفع بها الآن.
            </>
          ) : (
            'حُفظت بطاقتك لدى فوري، ويمكنك الدفع بها الآن.'
          )}
        </Alert>
      ) : result.kind === 'canceled' ? (
        <Alert tone="warning" role="alert" title="لم تُضَف البطاقة">
          أُلغيت إضافة البطاقة قبل حفظها، ويمكنك المحاولة مرة أخرى أو الدفع بطريقة أخرى.
        </Alert>
      ) : (
        <Alert tone="error" role="alert" title="لم تُضَف البطاقة">
          {UI_MESSAGES.cardAddFailed}
        </Alert>
      )}
      <p className="text-muted" aria-live="polite">
        ستعود تلقائيًا خلال لحظات.
      </p>
      <div>
        <Button size="lg" onClick={() => void navigate(next, { replace: true })}>
          {back}
        </Button>
      </div>
    </section>
  );
}
