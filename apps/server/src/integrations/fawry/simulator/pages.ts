/** The FawryPay simulator's pages: Arabic, right-to-left, no script, inline style only. */
import type { FastifyReply } from 'fastify';
import { formatMoney } from '@talaqa/domain';
import { escapeHtml } from '../../email/html';
import { simulatorPage } from '../../simulator-page';

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#f4f6f8;color:#1f2933;line-height:1.6}
  header{background:#ffd200;padding:.75rem 1rem;font-weight:bold}
  main{max-width:46rem;margin:1.5rem auto;padding:1.25rem;background:#fff;border:1px solid #d9e2ec;border-radius:12px}
  h1{font-size:1.35rem;margin:0 0 .5rem}
  h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
  .note{margin:0 0 1rem;color:#52606d;font-size:.92rem}
  label{display:block;margin:.75rem 0 .25rem;font-weight:600}
  input[type=text],input[type=tel]{width:100%;padding:.55rem;border:1px solid #9aa5b1;border-radius:6px;font:inherit}
  .row{display:flex;gap:.75rem}
  .row>div{flex:1}
  .check{display:flex;gap:.5rem;align-items:center;margin-top:.75rem;font-weight:normal}
  .actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}
  button{padding:.55rem 1.25rem;border-radius:6px;font:inherit;cursor:pointer}
  .primary{background:#0b5cad;color:#fff;border:0}
  .secondary{background:#fff;color:#0b5cad;border:1px solid #9aa5b1}
  .danger{background:#fff;color:#b42318;border:1px solid #b42318}
  :focus-visible{outline:3px solid #0b5cad;outline-offset:2px}
  table{width:100%;border-collapse:collapse;font-size:.92rem}
  th,td{padding:.45rem;border-bottom:1px solid #e4e7eb;text-align:start;vertical-align:top}
  td form{display:inline}
  td button{padding:.3rem .7rem;margin:.1rem 0}
  .ltr{direction:ltr;unicode-bidi:isolate}
  .error{color:#b42318}
  .amount{font-size:1.5rem;font-weight:bold}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
  dt{color:#52606d}
  dd{margin:0}
`;

export const page = (title: string, body: string): string =>
  simulatorPage({ title, style: STYLE, header: '<header>FawryPay · محاكي محلي</header>', body });

/** The card page is opened in an iframe by the web app, as Fawry's is: framing stays allowed. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors *",
};

export const sendPage = (reply: FastifyReply, status: number, html: string): FastifyReply =>
  reply.code(status).headers(PAGE_HEADERS).send(html);

const money = (piasters: number): string => escapeHtml(formatMoney(piasters));
const ltr = (value: string): string => `<bdi class="ltr" dir="ltr">${escapeHtml(value)}</bdi>`;

function hidden(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Card tokenization (the hosted "add card" page)

export interface CardTokenPageInput {
  action: string;
  accNo: string;
  customerProfileId: string;
  returnUrl: string;
  locale: string | undefined;
  error?: string;
  values?: {
    cardNumber?: string;
    expiryMonth?: string;
    expiryYear?: string;
    cardHolderName?: string;
  };
}

export function cardTokenPage(input: CardTokenPageInput): string {
  const v = input.values ?? {};
  const keep = hidden({
    accNo: input.accNo,
    customerProfileId: input.customerProfileId,
    returnUrl: input.returnUrl,
    locale: input.locale,
  });
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return page(
    'إضافة بطاقة (محاكي FawryPay)',
    `<h1>إضافة بطاقة دفع</h1>
<p class="note">صفحة تجريبية على جهازك لا تتصل بفوري. بطاقات الاختبار: ${ltr('4242 4242 4242 4242')} تنجح، ${ltr('4000 0000 0000 0002')} تُرفض، ${ltr('4000 0000 0000 3220')} تطلب التحقق الثلاثي (${ltr('3-D Secure')}).</p>
${error}
<form method="post" action="${escapeHtml(input.action)}">${keep}
<label for="cardNumber">رقم البطاقة</label>
<input id="cardNumber" name="cardNumber" type="text" inputmode="numeric" dir="ltr" autocomplete="cc-number" required maxlength="23" value="${escapeHtml(v.cardNumber ?? '')}">
<div class="row">
<div><label for="expiryMonth">شهر الانتهاء</label>
<input id="expiryMonth" name="expiryMonth" type="text" inputmode="numeric" dir="ltr" placeholder="MM" autocomplete="cc-exp-month" required maxlength="2" value="${escapeHtml(v.expiryMonth ?? '')}"></div>
<div><label for="expiryYear">سنة الانتهاء</label>
<input id="expiryYear" name="expiryYear" type="text" inputmode="numeric" dir="ltr" placeholder="YY" autocomplete="cc-exp-year" required maxlength="4" value="${escapeHtml(v.expiryYear ?? '')}"></div>
<div><label for="cvv">رمز الأمان (CVV)</label>
<input id="cvv" name="cvv" type="text" inputmode="numeric" dir="ltr" autocomplete="cc-csc" required maxlength="4"></div>
</div>
<label for="cardHolderName">الاسم على البطاقة</label>
<input id="cardHolderName" name="cardHolderName" type="text" dir="ltr" autocomplete="cc-name" required maxlength="60" value="${escapeHtml(v.cardHolderName ?? '')}">
<label class="check"><input type="checkbox" name="isDefault" value="true"> اجعلها البطاقة الافتراضية</label>
<div class="actions">
<button type="submit" class="primary" name="decision" value="save">حفظ البطاقة</button>
<button type="submit" class="secondary" name="decision" value="cancel" formnovalidate>إلغاء</button>
</div>
</form>`,
  );
}

// ---------------------------------------------------------------------------------------------
// 3-D Secure challenge

export interface ThreeDSPageInput {
  action: string;
  merchantRefNumber: string;
  amountPiasters: number;
  lastFourDigits: string;
}

export function threeDSecurePage(input: ThreeDSPageInput): string {
  return page(
    'التحقق من الدفع (3-D Secure)',
    `<h1>التحقق من عملية الدفع</h1>
<p class="note">صفحة البنك التجريبية (${ltr('3-D Secure')}). في الواقع يُطلب هنا رمز يصل إلى هاتفك.</p>
<dl>
<dt>المبلغ</dt><dd class="amount">${money(input.amountPiasters)}</dd>
<dt>البطاقة</dt><dd>${ltr(`•••• ${input.lastFourDigits}`)}</dd>
<dt>رقم الطلب</dt><dd>${ltr(input.merchantRefNumber)}</dd>
</dl>
<form method="post" action="${escapeHtml(input.action)}">
<div class="actions">
<button type="submit" class="primary" name="decision" value="pay">ادفع</button>
<button type="submit" class="danger" name="decision" value="cancel">إلغاء</button>
</div>
</form>`,
  );
}

// ---------------------------------------------------------------------------------------------
// The dashboard: unpaid reference numbers and wallet requests, paid at a simulated outlet

export interface DashboardOrder {
  referenceNumber: string;
  merchantRefNumber: string;
  method: string;
  status: string;
  amountPiasters: number;
  refundedPiasters: number;
  expiresAt: Date | undefined;
}

const METHOD_NAMES: Record<string, string> = {
  PAYATFAWRY: 'الدفع في منافذ فوري',
  MWALLET: 'محفظة إلكترونية',
  CARD: 'بطاقة',
};

const STATUS_NAMES: Record<string, string> = {
  UNPAID: 'بانتظار الدفع',
  PAID: 'مدفوع',
  CANCELED: 'ملغى',
  EXPIRED: 'منتهي الصلاحية',
  REFUNDED: 'مسترد',
  PARTIAL_REFUNDED: 'مسترد جزئيًا',
  FAILED: 'فشل',
};

const dateTime = new Intl.DateTimeFormat('ar-EG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Cairo',
});

function orderRow(order: DashboardOrder): string {
  const ref = hidden({ referenceNumber: order.referenceNumber });
  const buttons: string[] = [];
  if (order.status === 'UNPAID' && order.method === 'PAYATFAWRY') {
    buttons.push(
      `<form method="post" action="/simulator/pay-reference">${ref}<button type="submit" class="primary">ادفع في منفذ فوري</button></form>`,
    );
  }
  if (order.status === 'UNPAID' && order.method === 'MWALLET') {
    buttons.push(
      `<form method="post" action="/simulator/pay-wallet">${ref}<button type="submit" class="primary">ادفع من المحفظة</button></form>`,
    );
  }
  if (order.status === 'UNPAID' && order.method !== 'CARD') {
    buttons.push(
      `<form method="post" action="/simulator/expire">${ref}<button type="submit" class="danger">إنهاء الصلاحية</button></form>`,
    );
  }
  buttons.push(
    `<form method="post" action="/simulator/notify">${ref}<button type="submit" class="secondary">إعادة إرسال الإشعار</button></form>`,
  );
  const refunded = order.refundedPiasters > 0 ? `<br>مسترد: ${money(order.refundedPiasters)}` : '';
  return `<tr>
<td>${ltr(order.referenceNumber)}<br><small>${ltr(order.merchantRefNumber)}</small></td>
<td>${escapeHtml(METHOD_NAMES[order.method] ?? order.method)}</td>
<td>${money(order.amountPiasters)}${refunded}</td>
<td>${escapeHtml(STATUS_NAMES[order.status] ?? order.status)}${order.expiresAt && order.status === 'UNPAID' ? `<br><small>حتى ${escapeHtml(dateTime.format(order.expiresAt))}</small>` : ''}</td>
<td>${buttons.join(' ')}</td>
</tr>`;
}

export function dashboardPage(input: {
  orders: DashboardOrder[];
  notificationUrl: string | undefined;
}): string {
  const unpaid = input.orders.filter((o) => o.status === 'UNPAID');
  const others = input.orders.filter((o) => o.status !== 'UNPAID');
  const table = (orders: DashboardOrder[]): string =>
    orders.length === 0
      ? '<p class="note">لا يوجد.</p>'
      : `<table><thead><tr><th>الرقم المرجعي</th><th>الطريقة</th><th>المبلغ</th><th>الحالة</th><th></th></tr></thead><tbody>${orders.map(orderRow).join('')}</tbody></table>`;
  return page(
    'محاكي FawryPay',
    `<h1>محاكي FawryPay</h1>
<p class="note">اضغط «ادفع في منفذ فوري» لتمثيل دفع العميل برقمه المرجعي في أحد المنافذ؛ يُرسَل بعدها إشعار موقَّع إلى ${input.notificationUrl ? ltr(input.notificationUrl) : 'عنوان الإشعارات (غير مضبوط)'}.</p>
<h2>طلبات بانتظار الدفع</h2>
${table(unpaid)}
<h2>طلبات أخرى</h2>
${table(others)}`,
  );
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(text)}</p>`);
}
