/** The Paymob simulator's pages: the Arabic checkout form and its messages. */
import { escapeHtml } from '../../email/html';
import { simulatorPage } from '../../simulator-page';
import { PAYMOB_CHECKOUT_PATH } from '../wire';
import { PAYMOB_TEST_CARDS } from './test-data';
import type { TestCard } from './test-data';
import type { SimulatedIntention } from './types';

const egp = new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP' });
const formatPiasters = (piasters: number): string => egp.format(piasters / 100);
const arabicCount = new Intl.NumberFormat('ar-EG');

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#eef2f7;color:#1f2937;line-height:1.6}
  main{max-width:30rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:12px}
  h1{font-size:1.3rem;margin:0 0 .25rem}
  .note{margin:0 0 1rem;color:#4b5563;font-size:.9rem}
  .amount{font-size:1.6rem;font-weight:bold;margin:.5rem 0 1rem}
  ul{margin:0 0 1rem;padding-inline-start:1.25rem}
  label{display:block;margin:.75rem 0 .25rem}
  input{width:100%;padding:.55rem;border:1px solid #6b7280;border-radius:6px;font:inherit}
  .row{display:flex;gap:.75rem}.row>div{flex:1}
  button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#0b5fff;color:#fff;font:inherit;font-weight:bold;cursor:pointer}
  :focus-visible{outline:3px solid #1e3a8a;outline-offset:2px}
  table{width:100%;border-collapse:collapse;margin-top:1.25rem;font-size:.9rem}
  th,td{border-top:1px solid #e5e7eb;padding:.4rem;text-align:start}
  code,bdi{direction:ltr;unicode-bidi:isolate}
  code{white-space:nowrap}
  .error{color:#b91c1c}
  .ok{color:#047857}
`;

const page = (title: string, body: string): string => simulatorPage({ title, style: STYLE, body });

const TITLE = 'الدفع بالبطاقة (محاكي Paymob المحلي)';

export function messagePage(heading: string, text: string, kind: 'error' | 'ok' = 'error'): string {
  return page(
    TITLE,
    `<h1 class="${kind}">${escapeHtml(heading)}</h1>
<p role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>
<p class="note">هذه صفحة تجريبية على جهازك ولا تتصل بـ Paymob.</p>`,
  );
}

export interface CheckoutForm {
  holder?: string;
  cardNumber?: string;
  expiry?: string;
}

export function checkoutPage(
  intention: SimulatedIntention,
  publicKey: string,
  problem?: string,
  form: CheckoutForm = {},
): string {
  const { request } = intention;
  const items = (request.items ?? [])
    .map(
      (item) =>
        `<li>${escapeHtml(item.name)} × ${escapeHtml(arabicCount.format(item.quantity ?? 1))}: <bdi>${escapeHtml(formatPiasters(item.amount))}</bdi></li>`,
    )
    .join('\n');
  const cards = (Object.values(PAYMOB_TEST_CARDS) as TestCard[])
    .map(
      (card) =>
        `<tr><td><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${escapeHtml(card.label)}</td></tr>`,
    )
    .join('\n');
  const total = formatPiasters(request.amount);
  return page(
    TITLE,
    `<h1>${escapeHtml(TITLE)}</h1>
<p class="note">هذه صفحة تجريبية على جهازك ولا تتصل بـ Paymob، ولا تُقبل فيها بطاقات حقيقية.</p>
<p class="amount" aria-label="المبلغ المطلوب">${escapeHtml(total)}</p>
${request.special_reference ? `<p class="note">رقم الطلب: <bdi>${escapeHtml(request.special_reference)}</bdi></p>` : ''}
${items ? `<ul>${items}</ul>` : ''}
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${PAYMOB_CHECKOUT_PATH}pay" novalidate>
<input type="hidden" name="publicKey" value="${escapeHtml(publicKey)}">
<input type="hidden" name="clientSecret" value="${escapeHtml(intention.clientSecret)}">
<label for="holder">الاسم على البطاقة</label>
<input id="holder" name="holder" autocomplete="cc-name" required maxlength="100" value="${escapeHtml(form.holder ?? '')}">
<label for="card_number">رقم البطاقة</label>
<input id="card_number" name="card_number" dir="ltr" inputmode="numeric" autocomplete="cc-number" required maxlength="23" value="${escapeHtml(form.cardNumber ?? '')}">
<div class="row">
<div><label for="expiry">تاريخ الانتهاء (شهر/سنة)</label>
<input id="expiry" name="expiry" dir="ltr" placeholder="MM/YY" autocomplete="cc-exp" required maxlength="7" value="${escapeHtml(form.expiry ?? '')}"></div>
<div><label for="cvv">رمز التحقق (CVV)</label>
<input id="cvv" name="cvv" dir="ltr" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div>
</div>
<button type="submit">ادفع ${escapeHtml(total)}</button>
</form>
<table>
<caption class="note">بطاقات الاختبار (أي تاريخ انتهاء مستقبلي وأي رمز من ٣ أرقام)</caption>
<thead><tr><th scope="col">رقم البطاقة</th><th scope="col">النتيجة</th></tr></thead>
<tbody>
${cards}
</tbody>
</table>`,
  );
}
