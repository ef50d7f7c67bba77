import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  REPORT_DESCRIPTION_MIN_LENGTH,
  REPORT_LOG_MAX_BYTES,
  REPORT_SCREENSHOT_MAX_BYTES,
  REPORTS_PER_HOUR,
  Role,
} from '@talaqa/domain';
import type { ReportPage, ReportView } from '@talaqa/domain';
import { auditLog, reports } from '../../src/db/schema';
import { reportFileUses } from '../../src/modules/reports';
import { callApi, signedInUser } from './api';
import type { SignedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * Issue 23 item 6: problem reports. POST /report/with/asset (multipart: description, page URL,
 * user agent, a PNG/JPEG screenshot up to 5 MiB, a text log up to 1 MiB; a few per hour), the
 * admins' GET /report/list and PUT /report (resolve/reopen, audited), and the files, readable by
 * admins only (docs/decisions/348-problem-reports.md).
 */
type Err = { code?: string; fields?: { path: string; code: string }[] };

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const GIF = new TextEncoder().encode('GIF89a....');
const LOG = '2026-11-27T02:00:00.000Z ERROR [realtime] connection failed\nسطر عربي\n';
const DESCRIPTION = 'الصفحة لا تعرض مواعيد المعلم بعد الحجز';

interface Parts {
  description?: string;
  url?: string;
  userAgent?: string;
  screenshot?: { bytes: Uint8Array; type?: string; name?: string } | null;
  log?: { text: string | Uint8Array; name?: string } | null;
}

function reportForm(parts: Parts = {}): FormData {
  const form = new FormData();
  form.set('description', parts.description ?? DESCRIPTION);
  form.set('url', parts.url ?? 'https://talaqa.eg/s/lessons?tab=next');
  form.set('userAgent', parts.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131');
  const screenshot = parts.screenshot === undefined ? { bytes: PNG } : parts.screenshot;
  if (screenshot) {
    form.set(
      'screenshot',
      new Blob([screenshot.bytes], { type: screenshot.type ?? 'image/png' }),
      screenshot.name ?? 'page.png',
    );
  }
  const log = parts.log === undefined ? { text: LOG } : parts.log;
  if (log) {
    form.set(
      'log',
      new Blob([log.text], { type: 'text/plain' }),
      log.name ?? '2026-11-27-48213977.txt',
    );
  }
  return form;
}

describe('problem reports', () => {
  let server: TestServer;
  let uploadsDir: string;
  let admin: SignedInUser;
  let tutorManager: SignedInUser;
  let student: SignedInUser;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'talaqa-reports-'));
    server = await startTestServer({ uploadsDir });
    admin = await signedInUser(server, Role.RegularAdmin, { name: 'مدير المنصة' });
    tutorManager = await signedInUser(server, Role.TutorManager);
    student = await signedInUser(server, Role.Student, { name: 'طالب يبلغ' });
  });
  afterAll(async () => {
    await server.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const send = (caller: SignedInUser | null, form: FormData) =>
    callApi<ReportView & Err>(server, 'POST', '/report/with/asset', {
      token: caller?.token,
      form,
    });
  const storedFiles = async () => readdir(join(uploadsDir, 'reports')).catch(() => []);
  const rowCount = async () => (await server.app.database.db.select().from(reports)).length;
  const file = (caller: SignedInUser | null, name: string) =>
    fetch(`${server.baseUrl}/api/v1/assets/reports/${name}`, {
      headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
    });

  /** A sender of their own, so the hourly limit never joins two tests. */
  const freshSender = () => signedInUser(server, Role.Student);

  it('stores a report with its screenshot and log, readable by admins only', async () => {
    const sent = await send(student, reportForm());
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      user: { id: student.id, name: 'طالب يبلغ', role: Role.Student },
      description: DESCRIPTION,
      url: 'https://talaqa.eg/s/lessons?tab=next',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
      screenshotBytes: PNG.length,
      logName: '2026-11-27-48213977.txt',
      logBytes: new TextEncoder().encode(LOG).length,
      status: 'open',
      resolvedAt: null,
      note: null,
    });
    const { screenshot, log } = sent.body;
    expect(screenshot).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(log).toMatch(/^[0-9a-f-]{36}\.txt$/);
    expect((await storedFiles()).sort()).toEqual([screenshot, log].sort());

    const image = await file(admin, screenshot ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const text = await file(admin, log ?? '');
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toBe(LOG);

    // The sender, a tutor manager and a visitor may not read them.
    expect((await file(student, screenshot ?? '')).status).toBe(403);
    expect((await file(tutorManager, log ?? '')).status).toBe(403);
    expect((await file(null, log ?? '')).status).toBe(401);
    // A stored name that no report holds is not served, nor an unknown one.
    expect((await file(admin, '00000000-0000-0000-0000-000000000000.png')).status).toBe(404);

    const uses = await reportFileUses(server.app.database.db);
    expect(uses).toEqual(
      expect.arrayContaining([
        { folder: 'reports', name: screenshot, ownerId: student.id, use: 'report-screenshot' },
        { folder: 'reports', name: log, ownerId: student.id, use: 'report-log' },
      ]),
    );
  });

  it('takes a JPEG screenshot, or none, and a log named otherwise without its name', async () => {
    const sender = await freshSender();
    const jpeg = await send(
      sender,
      reportForm({ screenshot: { bytes: JPEG, type: 'image/jpeg' } }),
    );
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.screenshot).toMatch(/\.jpg$/);
    const bare = await send(
      sender,
      reportForm({ screenshot: null, log: { text: 'x', name: '../x' } }),
    );
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ screenshot: null, screenshotBytes: 0, logName: null });
  });

  it('refuses bad parts with their codes and keeps nothing', async () => {
    const sender = await freshSender();
    const before = { files: (await storedFiles()).length, rows: await rowCount() };

    const short = await send(
      sender,
      reportForm({ description: 'أ'.repeat(REPORT_DESCRIPTION_MIN_LENGTH - 1) }),
    );
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual([
      { path: 'description', code: 'report-description-too-short' },
    ]);

    const gif = await send(sender, reportForm({ screenshot: { bytes: GIF, type: 'image/png' } }));
    expect(gif.status).toBe(400);
    expect(gif.body.code).toBe('invalid-image-type');

    const notImage = await send(
      sender,
      reportForm({ screenshot: { bytes: new TextEncoder().encode('hello'), type: 'image/png' } }),
    );
    expect(notImage.body.code).toBe('invalid-image-type');

    const binaryLog = await send(
      sender,
      reportForm({ log: { text: new Uint8Array([0x41, 0, 0xff]) } }),
    );
    expect(binaryLog.status).toBe(400);
    expect(binaryLog.body.fields).toEqual([{ path: 'log', code: 'invalid-type' }]);

    expect((await storedFiles()).length).toBe(before.files);
    expect(await rowCount()).toBe(before.rows);

    const notForm = await callApi<Err>(server, 'POST', '/report/with/asset', {
      token: sender.token,
      body: { description: DESCRIPTION },
    });
    expect(notForm.status).toBe(400);
  });

  it('refuses a screenshot over 5 MiB and a log over 1 MiB with 413', async () => {
    const sender = await freshSender();
    const bigImage = new Uint8Array(REPORT_SCREENSHOT_MAX_BYTES + 1);
    bigImage.set(PNG);
    const image = await send(sender, reportForm({ screenshot: { bytes: bigImage } }));
    expect(image.status).toBe(413);
    expect(image.body.code).toBe('large-file-size');
    expect(image.body.fields).toEqual([{ path: 'screenshot', code: 'file-too-large' }]);

    const log = await send(
      sender,
      reportForm({ log: { text: 'a'.repeat(REPORT_LOG_MAX_BYTES + 1) } }),
    );
    expect(log.status).toBe(413);
    expect(log.body.fields).toEqual([{ path: 'log', code: 'file-too-large' }]);
  });

  it('removes the stored files when the report cannot be written', async () => {
    const sender = await freshSender();
    const before = (await storedFiles()).length;
    const spy = vi
      .spyOn(server.app.database.db, 'transaction')
      .mockRejectedValueOnce(new Error('database gone'));
    try {
      const sent = await send(sender, reportForm());
      expect(sent.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect((await storedFiles()).length).toBe(before);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per account, then 429`, async () => {
    const sender = await freshSender();
    for (let index = 0; index < REPORTS_PER_HOUR; index += 1) {
      expect((await send(sender, reportForm({ screenshot: null }))).status).toBe(201);
    }
    const over = await send(sender, reportForm({ screenshot: null }));
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('too-many-requests');
    // Another account is not held back.
    expect((await send(await freshSender(), reportForm({ screenshot: null }))).status).toBe(201);
  });

  it('needs a signed-in sender', async () => {
    expect((await send(null, reportForm())).status).toBe(401);
  });

  it('lists reports newest first for admins, by status; others are refused', async () => {
    const list = await callApi<ReportPage>(server, 'GET', '/report/list?size=100', {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(await rowCount());
    const ids = list.body.list.map((report) => report.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const resolved = await callApi<ReportPage>(server, 'GET', '/report/list?status=resolved', {
      token: admin.token,
    });
    expect(resolved.body.list.every((report) => report.status === 'resolved')).toBe(true);
    const bad = await callApi<Err>(server, 'GET', '/report/list?status=closed', {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    for (const caller of [student, tutorManager]) {
      const refused = await callApi<Err>(server, 'GET', '/report/list', { token: caller.token });
      expect(refused.status).toBe(403);
    }
  });

  it('resolves and reopens a report with a note, each audited', async () => {
    const sent = await send(await freshSender(), reportForm({ screenshot: null }));
    const id = sent.body.id;
    const at = new Date('2026-11-27T03:00:00.000Z');
    server.app.clock.now = () => at;
    const resolved = await callApi<ReportView & Err>(server, 'PUT', '/report', {
      token: admin.token,
      body: { id, status: 'resolved', note: 'أصلحنا عرض المواعيد' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      status: 'resolved',
      resolvedBy: admin.id,
      resolvedAt: at.toISOString(),
      note: 'أصلحنا عرض المواعيد',
    });
    const open = await callApi<ReportPage>(server, 'GET', '/report/list?status=open&size=100', {
      token: admin.token,
    });
    expect(open.body.list.some((report) => report.id === id)).toBe(false);

    const reopened = await callApi<ReportView>(server, 'PUT', '/report', {
      token: admin.token,
      body: { id, status: 'open' },
    });
    expect(reopened.body).toMatchObject({
      status: 'open',
      resolvedBy: null,
      resolvedAt: null,
      note: 'أصلحنا عرض المواعيد',
    });

    const rows = await server.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id));
    expect(rows.map((row) => [row.action, row.actorId])).toEqual(
      expect.arrayContaining([
        ['report.resolve', admin.id],
        ['report.reopen', admin.id],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('answers report-not-found for an unknown report, 403 to others, and checks the note', async () => {
    const before = (await server.app.database.db.select().from(auditLog)).length;
    const missing = await callApi<Err>(server, 'PUT', '/report', {
      token: admin.token,
      body: { id: 999_999, status: 'resolved' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('report-not-found');
    const long = await callApi<Err>(server, 'PUT', '/report', {
      token: admin.token,
      body: { id: 1, status: 'resolved', note: 'م'.repeat(1001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([{ path: 'note', code: 'report-note-too-long' }]);
    const refused = await callApi<Err>(server, 'PUT', '/report', {
      token: student.token,
      body: { id: 1, status: 'resolved' },
    });
    expect(refused.status).toBe(403);
    expect((await server.app.database.db.select().from(auditLog)).length).toBe(before);
  });
});
