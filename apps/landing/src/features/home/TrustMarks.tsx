import { ART_COLORS as C } from '@talaqa/ui';

/**
 * How students pay, in marks drawn for the project (record 307): the providers' names as plain
 * text beside our own small icons, never their logos.
 */
const MARKS = [
  { name: 'فوري', detail: 'رقم مرجعي تدفعه في أي منفذ فوري', icon: 'code' },
  { name: 'Paymob', detail: 'بطاقات ميزة وفيزا وماستركارد', icon: 'card' },
  { name: 'محفظة إلكترونية', detail: 'من محفظة هاتفك عبر Paymob', icon: 'wallet' },
] as const;

function MarkIcon({ icon }: { icon: (typeof MARKS)[number]['icon'] }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
      className="shrink-0"
    >
      <rect width="32" height="32" rx="9" fill={C.brand50} />
      {icon === 'card' && (
        <>
          <rect x="6" y="9" width="20" height="14" rx="3" fill={C.brand600} />
          <rect x="6" y="12" width="20" height="3" fill={C.brand800} />
          <rect x="9" y="18" width="6" height="2.5" rx="1" fill={C.accent300} />
        </>
      )}
      {icon === 'code' && (
        <>
          <path
            d="M9 6h14v20l-2.5-1.8L18 26l-2-1.8-2 1.8-2.5-1.8L9 26z"
            fill={C.paper}
            stroke={C.brand800}
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path
            d="M12.5 11h7M12.5 15h7M12.5 19h4"
            stroke={C.brand600}
            strokeWidth="2"
            strokeLinecap="round"
          />
        </>
      )}
      {icon === 'wallet' && (
        <>
          <rect
            x="6"
            y="9"
            width="20"
            height="15"
            rx="3"
            fill={C.accent300}
            stroke={C.brand800}
            strokeWidth="2"
          />
          <path
            d="M18 14h8v6h-8a3 3 0 0 1 0-6z"
            fill={C.paper}
            stroke={C.brand800}
            strokeWidth="2"
          />
          <circle cx="19.5" cy="17" r="1.3" fill={C.brand800} />
        </>
      )}
    </svg>
  );
}

/** The secure-payment strip of the home: amounts in Egyptian pounds, by Fawry and Paymob. */
export function TrustMarks() {
  return (
    <section aria-labelledby="payments" className="mx-auto w-full max-w-6xl px-4 pt-12 sm:px-6">
      <div className="flex flex-col gap-5 rounded-3xl border border-slate-200 bg-white p-6 sm:p-8 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex items-start gap-3">
          <svg
            viewBox="0 0 40 40"
            width="40"
            height="40"
            aria-hidden="true"
            focusable="false"
            className="shrink-0"
          >
            <path d="M20 4 34 9v10c0 9-6 15-14 17C12 34 6 28 6 19V9z" fill={C.brand600} />
            <rect x="14" y="18" width="12" height="9" rx="2" fill={C.paper} />
            <path
              d="M16.5 18v-2.5a3.5 3.5 0 0 1 7 0V18"
              fill="none"
              stroke={C.paper}
              strokeWidth="2"
            />
          </svg>
          <div>
            <h2 id="payments" className="text-xl font-bold text-ink">
              دفع آمن بالجنيه المصري
            </h2>
            <p className="text-muted">تدفع عبر فوري أو Paymob، ولا تمر بيانات بطاقتك على طلاقة.</p>
          </div>
        </div>
        <ul aria-label="طرق الدفع" className="grid gap-3 sm:grid-cols-3 lg:max-w-2xl">
          {MARKS.map((mark) => (
            <li
              key={mark.name}
              className="flex items-center gap-3 rounded-2xl border border-slate-200 px-3 py-2"
            >
              <MarkIcon icon={mark.icon} />
              <span className="flex flex-col">
                <span className="font-bold text-ink">
                  <bdi>{mark.name}</bdi>
                </span>
                <span className="text-sm text-muted">{mark.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
