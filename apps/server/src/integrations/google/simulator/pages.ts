/** The Google simulator's pages: the Arabic account chooser and the error page. */
import { escapeHtml } from '../../email/html';
import { simulatorPage } from '../../simulator-page';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from './request';
import type { AuthRequest, Problem } from './request';
import { DEMO_GOOGLE_ACCOUNTS, SIMULATOR_PATHS } from './types';
import type { DemoGoogleAccount } from './types';

const TITLE = 'تسجيل الدخول بحساب Google (محاكي محلي)';

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#f1f3f4;color:#202124;line-height:1.6}
  main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #dadce0;border-radius:12px}
  h1{font-size:1.4rem;margin:0 0 .25rem}
  .note{margin:0 0 1rem;color:#5f6368;font-size:.9rem}
  ul{list-style:none;margin:0 0 1.5rem;padding:0}
  li+li{border-top:1px solid #e8eaed}
  .account{display:flex;gap:.75rem;align-items:center;width:100%;padding:.75rem .5rem;background:none;border:0;font:inherit;text-align:start;cursor:pointer}
  .account:hover{background:#f8f9fa}
  .avatar{flex:none;display:grid;place-items:center;width:2.5rem;height:2.5rem;border-radius:50%;background:#1a73e8;color:#fff;font-weight:bold}
  .who{display:flex;flex-direction:column}
  .email{color:#5f6368;font-size:.9rem}
  fieldset{border:1px solid #dadce0;border-radius:8px;padding:1rem;margin:0 0 1rem}
  label{display:block;margin:.5rem 0 .25rem}
  input[type=email],input[type=text]{width:100%;padding:.5rem;border:1px solid #80868b;border-radius:4px;font:inherit}
  .check{display:flex;gap:.5rem;align-items:center}
  .primary,.secondary{padding:.5rem 1.25rem;border-radius:4px;font:inherit;cursor:pointer}
  .primary{margin-top:1rem;background:#1a73e8;color:#fff;border:0}
  .secondary{background:#fff;color:#1a73e8;border:1px solid #dadce0}
  :focus-visible{outline:3px solid #174ea6;outline-offset:2px}
  code{direction:ltr;unicode-bidi:isolate}
  .error{color:#b3261e}
`;

const page = (title: string, body: string): string => simulatorPage({ title, style: STYLE, body });

/** The authorization request travels through the account forms unchanged, and is checked again. */
function hiddenFields(request: AuthRequest): string {
  const fields: Record<string, string | undefined> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: request.responseType,
    scope: request.scope,
    nonce: request.nonce,
    state: request.state,
  };
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
}

function accountButton(request: AuthRequest, account: DemoGoogleAccount): string {
  const initial = Array.from(account.name)[0] ?? '؟';
  return `<li><form method="post" action="${SIMULATOR_PATHS.approve}">${hiddenFields(request)}
<input type="hidden" name="email" value="${escapeHtml(account.email)}">
<input type="hidden" name="name" value="${escapeHtml(account.name)}">
<button type="submit" class="account"><span class="avatar" aria-hidden="true">${escapeHtml(initial)}</span>
<span class="who"><span>${escapeHtml(account.name)}</span><bdi class="email" dir="ltr">${escapeHtml(account.email)}</bdi></span></button>
</form></li>`;
}

export function chooserPage(request: AuthRequest): string {
  const destination = new URL(request.redirectUri).origin;
  return page(
    TITLE,
    `<h1>${escapeHtml(TITLE)}</h1>
<p class="note">هذه صفحة تجريبية على جهازك ولا تتصل بـ Google. اختر حسابًا للمتابعة إلى <bdi dir="ltr">${escapeHtml(destination)}</bdi>.</p>
<h2 class="note">الحسابات التجريبية</h2>
<ul>
${DEMO_GOOGLE_ACCOUNTS.map((account) => accountButton(request, account)).join('\n')}
</ul>
<form method="post" action="${SIMULATOR_PATHS.approve}">${hiddenFields(request)}
<fieldset>
<legend>حساب آخر</legend>
<label for="email">البريد الإلكتروني</label>
<input id="email" name="email" type="email" dir="ltr" required maxlength="${MAX_EMAIL_LENGTH}" autocomplete="email">
<label for="name">الاسم</label>
<input id="name" name="name" type="text" maxlength="${MAX_NAME_LENGTH}" autocomplete="name">
<input type="hidden" name="email_verified" value="false">
<label class="check"><input name="email_verified" type="checkbox" value="true" checked> البريد الإلكتروني موثَّق لدى Google</label>
<button type="submit" class="primary">متابعة</button>
</fieldset>
</form>
<form method="post" action="${SIMULATOR_PATHS.deny}">${hiddenFields(request)}
<button type="submit" class="secondary">إلغاء</button>
</form>`,
  );
}

export function errorPage(problem: Problem): string {
  const received =
    problem.value === undefined
      ? ''
      : `<p>القيمة المستلمة: <bdi dir="ltr"><code>${escapeHtml(problem.value)}</code></bdi></p>`;
  return page(
    'خطأ في طلب تسجيل الدخول (محاكي Google المحلي)',
    `<h1 class="error">تعذّر إكمال طلب تسجيل الدخول</h1>
<p role="alert">${escapeHtml(problem.message)}: <code>${escapeHtml(problem.parameter)}</code></p>
${received}
<p class="note">الخطأ 400 (invalid_request). راجع الرابط الذي أرسل إليه التطبيق المتصفح.</p>`,
  );
}
