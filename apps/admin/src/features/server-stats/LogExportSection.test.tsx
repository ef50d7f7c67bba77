import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  createFakeApi,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import type { FakeHandler } from '../../testing/fake-api';
import { LogExportSection } from './LogExportSection';

/** Issue 23 item 6 (decision 350): the "export logs" form of /server-stats. */
const NOW = new Date('2026-11-27T10:00:00.000Z'); // 12:00 in Cairo (UTC+2 in November)
const INSTANCES = [
  { id: 'host-a-11-aaaaaa', name: 'api1', pid: 11 },
  { id: 'host-b-22-bbbbbb', name: 'api2', pid: 22 },
];
const FILE_NAME = 'talaqa-logs-20261127T0900Z-20261127T1001Z.ndjson';
const LINES =
  '{"instance":"host-a-11-aaaaaa","level":30,"time":1795773600000,"msg":"one"}\n' +
  '{"instance":"host-b-22-bbbbbb","level":40,"time":1795773601000,"msg":"two"}\n';

const ndjson = (text: string) =>
  new Response(text, {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="${FILE_NAME}"`,
    },
  });

function setUp(answer: FakeHandler) {
  const fake = createFakeApi({ 'GET /logs/export': answer });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  const saved: { blob: Blob; name: string }[] = [];
  const blobs = new Map<string, Blob>();
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ blob, name: this.download });
  });
  restorers.push(() => {
    click.mockRestore();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
  render(<LogExportSection instances={INSTANCES} now={() => NOW} />);
  const exports = () => fake.requests.filter((request) => request.path === '/logs/export');
  return { saved, exports };
}

const restorers: (() => void)[] = [];
const field = (name: RegExp | string) => screen.getByLabelText(name);
const setValue = (name: RegExp | string, value: string) =>
  fireEvent.change(field(name), { target: { value } });
const downloadButton = () => screen.getByRole('button', { name: 'تنزيل السجلات' });

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  for (const restore of restorers.splice(0)) restore();
  vi.unstubAllGlobals();
});

describe('the log export form', () => {
  it('downloads the last hour of every instance with the admin’s token, as a file', async () => {
    const { saved, exports } = setUp(() => ndjson(LINES));
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 2, name: 'تنزيل سجلات الخادم' })).toBeTruthy();
    // Cairo wall-clock time, an hour back to a minute ahead.
    expect((field(/^من/) as HTMLInputElement).value).toBe('2026-11-27T11:00');
    expect((field(/^إلى/) as HTMLInputElement).value).toBe('2026-11-27T12:01');

    await user.click(downloadButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    const [request] = exports();
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      from: '2026-11-27T09:00:00.000Z',
      to: '2026-11-27T10:01:00.000Z',
    });
    expect(request?.authorization).toMatch(/^Bearer /);
    expect(saved[0]?.name).toBe(FILE_NAME);
    expect(await saved[0]?.blob.text()).toBe(LINES);
    expect(screen.getByRole('status').textContent).toBe(`نُزّل الملف ${FILE_NAME}`);
  });

  it('sends the level and the instance chosen', async () => {
    const { saved, exports } = setUp(() => ndjson(LINES));
    const user = userEvent.setup();
    const instance = field(/^الخادم/);
    expect(
      within(instance)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['كل الخوادم', 'api1 (pid 11)', 'api2 (pid 22)']);
    await user.selectOptions(instance, 'host-b-22-bbbbbb');
    await user.selectOptions(field(/^المستوى/), 'warn');
    setValue(/^من/, '2026-11-26T08:30');
    setValue(/^إلى/, '2026-11-26T09:45');
    await user.click(downloadButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(exports()[0]?.query ?? [])).toEqual({
      from: '2026-11-26T06:30:00.000Z',
      to: '2026-11-26T07:45:00.000Z',
      level: 'warn',
      instance: 'host-b-22-bbbbbb',
    });
  });

  it('checks the range before asking: required, in order, a week at most', async () => {
    const { exports } = setUp(() => ndjson(LINES));
    const user = userEvent.setup();
    setValue(/^من/, '');
    await user.click(downloadButton());
    expect(await screen.findByText(ERROR_MESSAGES.required)).toBeTruthy();
    expect(field(/^من/).getAttribute('aria-invalid')).toBe('true');

    setValue(/^من/, '2026-11-27T12:00');
    setValue(/^إلى/, '2026-11-27T11:00');
    await user.click(downloadButton());
    expect(await screen.findByText(ERROR_MESSAGES['log-range-reversed'])).toBeTruthy();

    setValue(/^من/, '2026-11-19T11:00');
    setValue(/^إلى/, '2026-11-27T11:00');
    await user.click(downloadButton());
    expect(await screen.findByText(ERROR_MESSAGES['log-range-too-long'])).toBeTruthy();
    expect(exports()).toHaveLength(0);
  });

  it('shows the server’s field codes on their fields, and other refusals in Arabic', async () => {
    let answer: Response = apiError('bad-request', 400, [
      { path: 'to', code: 'log-range-too-long' },
    ]);
    setUp(() => answer);
    const user = userEvent.setup();
    await user.click(downloadButton());
    expect(await screen.findByText(ERROR_MESSAGES['log-range-too-long'])).toBeTruthy();
    expect(field(/^إلى/).getAttribute('aria-invalid')).toBe('true');

    answer = apiError('forbidden', 403);
    await user.click(downloadButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`تعذّر تنزيل السجلات: ${ERROR_MESSAGES.forbidden}`);
  });

  it('says when no line matches instead of saving an empty file', async () => {
    const { saved } = setUp(() => ndjson(''));
    const user = userEvent.setup();
    await user.click(downloadButton());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('لا توجد سطور سجل تطابق هذا الاختيار.'),
    );
    expect(saved).toHaveLength(0);
  });

  it('warns that a file cut at the cap is not the whole range', async () => {
    const cut =
      LINES +
      '{"level":40,"time":1795773602000,"cut":true,"maxLines":2,"nextTime":"2026-11-27T09:20:02.000Z","msg":"export cut"}\n';
    const { saved } = setUp(() => ndjson(cut));
    const user = userEvent.setup();
    await user.click(downloadButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await screen.findByText('الملف مقطوع')).toBeTruthy();
    expect(screen.getByText(/وصل الملف إلى الحد الأقصى \(٢ سطر\)/)).toBeTruthy();
  });
});
