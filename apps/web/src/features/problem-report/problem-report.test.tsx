import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_DESCRIPTION_MIN_LENGTH, REPORT_LOG_NAME_PATTERN, Role } from '@talaqa/domain';
import type { ReportView } from '@talaqa/domain';
import { clientLog } from '@talaqa/api-client';
import { ERROR_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';
import { capturePage } from './screenshot';

// Issue 23 item 6: the "report a problem" dialog of the main app (record 348). The page's
// picture is drawn by modern-screenshot in a browser (the e2e journey); here the drawing is
// replaced, and the report goes through the real api-client over a scripted XMLHttpRequest.

vi.mock('./screenshot', () => ({ capturePage: vi.fn() }));
const capture = vi.mocked(capturePage);

const server = fakeApi(stubHealthyApi());

/** A scripted XMLHttpRequest: the test sends progress and an answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  body: FormData | undefined;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: {
    onprogress:
      ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    onload: (() => void) | null;
  } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const STUDENT = makeUser({ id: 7, role: Role.Student });
const PICTURE = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
const DESCRIPTION = 'لا تظهر مواعيد المعلم بعد اختيار اليوم';

const saved = (overrides: Partial<ReportView> = {}): ReportView => ({
  id: 1,
  user: { id: STUDENT.id, name: STUDENT.name, role: Role.Student },
  description: DESCRIPTION,
  url: 'http://localhost/s/dashboard',
  userAgent: 'happy-dom',
  screenshot: 'a.jpg',
  screenshotBytes: 4,
  log: 'b.txt',
  logName: '2026-11-27-1.txt',
  logBytes: 10,
  status: 'open',
  resolvedBy: null,
  resolvedAt: null,
  note: null,
  createdAt: '2026-11-27T02:00:00.000Z',
  updatedAt: '2026-11-27T02:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  FakeXhr.last = undefined;
  capture.mockReset();
  capture.mockResolvedValue(PICTURE);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  clientLog.clear();
});
afterEach(resetSession);

async function openFromMenu() {
  signInAs(server, STUDENT);
  renderApp('/s/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' });
  const user = userEvent.setup();
  const header = screen.getByRole('banner');
  await user.click(within(header).getByRole('button', { name: /سارة أحمد/ }));
  await user.click(within(header).getByRole('button', { name: 'الإبلاغ عن مشكلة' }));
  const dialog = await screen.findByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
  return { user, dialog };
}

const formOf = (xhr: FakeXhr | undefined): FormData => {
  if (!xhr?.body) throw new Error('nothing was sent');
  return xhr.body;
};

describe('report a problem', () => {
  it('sends the description, the page picture and the log, with progress, then thanks', async () => {
    clientLog.record('error', '[realtime] connection failed: xhr poll error');
    const { user, dialog } = await openFromMenu();
    // The page's picture is drawn once the dialog shows, and is shown before sending.
    await waitFor(() => expect(capture).toHaveBeenCalledTimes(1));
    const preview = await within(dialog).findByRole('img', { name: /صورة الصفحة/ });
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(within(dialog).getByRole('checkbox', { name: 'إرفاق صورة الصفحة' })).toHaveProperty(
      'checked',
      true,
    );
    // The log is shown as it will be sent, left to right.
    expect(
      within(dialog)
        .getByText(/connection failed: xhr poll error/)
        .getAttribute('dir'),
    ).toBe('ltr');

    await user.type(within(dialog).getByLabelText('ما المشكلة؟'), DESCRIPTION);
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    await waitFor(() => expect(FakeXhr.last?.body).toBeDefined());
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toMatch(/\/api\/v1\/report\/with\/asset$/);
    const form = formOf(xhr);
    expect(form.get('description')).toBe(DESCRIPTION);
    expect(form.get('url')).toBe(window.location.href);
    expect(form.get('userAgent')).toBe(navigator.userAgent);
    const picture = form.get('screenshot');
    expect(picture).toBeInstanceOf(Blob);
    expect((picture as Blob).size).toBe(PICTURE.size);
    const log = form.get('log') as File;
    expect(log.name).toMatch(REPORT_LOG_NAME_PATTERN);
    const text = await log.text();
    expect(text).toContain(`user-agent: ${navigator.userAgent}`);
    expect(text).toContain('ERROR [realtime] connection failed: xhr poll error');

    xhr?.progress(50, 100);
    const bar = await within(dialog).findByRole('progressbar', { name: 'إرسال البلاغ' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    xhr?.answer(201, saved());
    expect(await screen.findByText(/وصل بلاغك، شكرًا لك/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'الإبلاغ عن مشكلة' })).toBeNull(),
    );
  });

  it('checks the description by the domain rule before sending anything', async () => {
    const { user, dialog } = await openFromMenu();
    await user.type(
      within(dialog).getByLabelText('ما المشكلة؟'),
      'أ'.repeat(REPORT_DESCRIPTION_MIN_LENGTH - 1),
    );
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    expect(
      await within(dialog).findByText(ERROR_MESSAGES['report-description-too-short']),
    ).toBeTruthy();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('keeps the report on a refusal, says why in Arabic, and sends again without the picture', async () => {
    const { user, dialog } = await openFromMenu();
    await within(dialog).findByRole('img', { name: /صورة الصفحة/ });
    await user.type(within(dialog).getByLabelText('ما المشكلة؟'), DESCRIPTION);
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    await waitFor(() => expect(FakeXhr.last?.body).toBeDefined());
    FakeXhr.last?.answer(429, { code: 'too-many-requests', message: 'slow down' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('لم يُرسل البلاغ');
    expect(alert.textContent).toContain(ERROR_MESSAGES['too-many-requests']);
    expect((within(dialog).getByLabelText('ما المشكلة؟') as HTMLTextAreaElement).value).toBe(
      DESCRIPTION,
    );

    const first = FakeXhr.last;
    await user.click(within(dialog).getByRole('checkbox', { name: 'إرفاق صورة الصفحة' }));
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    await waitFor(() => expect(FakeXhr.last).not.toBe(first));
    await waitFor(() => expect(FakeXhr.last?.body).toBeDefined());
    expect(formOf(FakeXhr.last).get('screenshot')).toBeNull();
    FakeXhr.last?.answer(201, saved({ screenshot: null, screenshotBytes: 0 }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'الإبلاغ عن مشكلة' })).toBeNull(),
    );
  });

  it('says so when no picture could be drawn, and sends without one', async () => {
    capture.mockResolvedValue(null);
    const { user, dialog } = await openFromMenu();
    expect(await within(dialog).findByText(/تعذّر التقاط صورة للصفحة/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('ما المشكلة؟'), DESCRIPTION);
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    await waitFor(() => expect(FakeXhr.last?.body).toBeDefined());
    expect(formOf(FakeXhr.last).get('screenshot')).toBeNull();
  });

  it('is offered in the footer to a signed-in person only', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    const help = screen.getByRole('navigation', { name: 'المساعدة' });
    expect(within(help).queryByRole('button', { name: 'الإبلاغ عن مشكلة' })).toBeNull();
    resetSession();
  });

  it('opens from the footer too, and gives focus back to it on cancel', async () => {
    signInAs(server, makeUser({ id: 9, role: Role.Tutor, name: 'أحمد علي' }));
    renderApp('/t/dashboard');
    const help = await screen.findByRole('navigation', { name: 'المساعدة' });
    const entry = await within(help).findByRole('button', { name: 'الإبلاغ عن مشكلة' });
    const user = userEvent.setup();
    await user.click(entry);
    const dialog = await screen.findByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'الإبلاغ عن مشكلة' })).toBeNull(),
    );
    expect(document.activeElement).toBe(entry);
  });
});
