import { SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import { landingUrl } from '../../api';

// Drawn for the project: simple shapes and plain word labels, no provider's artwork, so the
// method list and the trust line look the same offline and never borrow a brand asset.

const MARK_CLASS = 'h-6 w-9 shrink-0';

/** A payment card: a rounded rectangle, a chip and a stripe of digits. */
export function CardMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 36 24" className={MARK_CLASS}>
      <rect x="1" y="1" width="34" height="22" rx="3" fill="#1e3a8a" />
      <rect x="5" y="6" width="7" height="5" rx="1" fill="#fbbf24" />
      <rect x="5" y="15" width="26" height="2" rx="1" fill="#bfdbfe" />
    </svg>
  );
}

/** An e-wallet: a phone with a coin on its screen. */
export function WalletMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 36 24" className={MARK_CLASS}>
      <rect x="11" y="1" width="14" height="22" rx="3" fill="#b91c1c" />
      <rect x="13" y="4" width="10" height="14" rx="1" fill="#fee2e2" />
      <circle cx="18" cy="11" r="3.5" fill="#f59e0b" />
      <circle cx="18" cy="20.5" r="1" fill="#fee2e2" />
    </svg>
  );
}

/** A reference number paid at an outlet: a receipt with a plain "Fawry" word label. */
export function ReferenceMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 36 24" className={MARK_CLASS}>
      <rect x="1" y="1" width="34" height="22" rx="3" fill="#fef3c7" stroke="#d97706" />
      <text
        x="18"
        y="15.5"
        textAnchor="middle"
        fontSize="9"
        fontWeight="700"
        fontFamily="sans-serif"
        fill="#92400e"
      >
        Fawry
      </text>
    </svg>
  );
}

/** Bank installments: a card over a calendar's rings. */
export function InstallmentsMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 36 24" className={MARK_CLASS}>
      <rect x="4" y="3" width="28" height="20" rx="3" fill="#ecfdf5" stroke="#059669" />
      <rect x="4" y="3" width="28" height="6" rx="3" fill="#059669" />
      <rect x="9" y="12" width="4" height="3" fill="#059669" />
      <rect x="16" y="12" width="4" height="3" fill="#059669" />
      <rect x="23" y="12" width="4" height="3" fill="#6ee7b7" />
      <rect x="9" y="17" width="4" height="3" fill="#6ee7b7" />
    </svg>
  );
}

/** A closed padlock. */
function LockMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0 text-emerald-700">
      <rect x="4" y="10" width="16" height="12" rx="2" fill="currentColor" />
      <path
        d="M8 10V7a4 4 0 0 1 8 0v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <circle cx="12" cy="16" r="1.8" fill="#fff" />
    </svg>
  );
}

/** A speech bubble, for the support line. */
function ChatMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0 text-emerald-700">
      <path
        d="M4 5h16v11H9l-5 4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * What a student wants to know before paying a new site: the payment is secured by the gateway
 * (card details never reach us), which ways there are, the refund policy and a person to ask.
 */
export function TrustMarks() {
  return (
    <section
      aria-label="الدفع الآمن"
      className="flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-4 text-sm text-ink"
    >
      <p className="flex items-start gap-2">
        <LockMark />
        <span>
          <strong>دفع آمن ومشفَّر.</strong> تُكتب بيانات بطاقتك على صفحة بوابة الدفع (فوري أو Paymob)
          وحدها، ولا تمر على خوادم طلاقة.
        </span>
      </p>
      <p className="flex flex-wrap items-center gap-2" aria-label="طرق الدفع المتاحة">
        <CardMark />
        <WalletMark />
        <ReferenceMark />
        <span className="text-muted">بطاقات ومحافظ إلكترونية وفوري</span>
      </p>
      <p className="flex items-start gap-2">
        <ChatMark />
        <span>
          لك أن تلغي اشتراكك، وتجد متى يُرَدّ المبلغ في{' '}
          <a
            href={`${landingUrl()}/terms#terms-refunds`}
            target="_blank"
            rel="noreferrer"
            className={linkClass}
          >
            سياسة الاسترداد
          </a>
          . عندك سؤال؟{' '}
          <a href={SUPPORT_WHATSAPP_URL} target="_blank" rel="noreferrer" className={linkClass}>
            كلّم الدعم على واتساب
          </a>
          .
        </span>
      </p>
    </section>
  );
}
