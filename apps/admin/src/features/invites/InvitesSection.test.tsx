import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@talaqa/domain';
import type { Invite } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  REGULAR_ADMIN,
  apiError,
  noContent,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';

const invite = (fields: Partial<Invite> & Pick<Invite, 'id' | 'email'>): Invite => ({
  role: Role.Tutor,
  state: 'pending',
  expiresAt: '2026-12-03T10:00:00.000Z',
  createdBy: REGULAR_ADMIN.id,
  acceptedBy: null,
  acceptedAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...fields,
});

const PENDING = invite({ id: 1, email: 'mona@example.com', role: Role.Studio });
const ACCEPTED = invite({ id: 2, email: 'karim@example.com', state: 'accepted', acceptedBy: 9 });

/** An in-memory invites server: refuses a second pending invite to one address like the real one. */
function stubInvites(initial: Invite[]) {
  let invites = [...initial];
  let nextId = 100;
  const idOf = (path: string) => Number(path.split('/')[2]);
  return stubApi(
    {
      'GET /invite/list': ({ query }) => {
        const state = query.get('state');
        const list = state ? invites.filter((item) => item.state === state) : invites;
        return { list, total: list.length };
      },
      'POST /invite': ({ body }) => {
        const { email, role } = body as Pick<Invite, 'email' | 'role'>;
        if (invites.some((item) => item.email === email && item.state === 'pending')) {
          return apiError('invite-exists', 409);
        }
        const created = invite({ id: nextId++, email, role });
        invites = [created, ...invites];
        return Response.json(created, { status: 201 });
      },
      'PUT /invite/:id': ({ path }) => {
        const id = idOf(path);
        invites = invites.map((item) => (item.id === id ? { ...item, state: 'pending' } : item));
        return invites.find((item) => item.id === id);
      },
      'DELETE /invite/:id': ({ path }) => {
        const id = idOf(path);
        invites = invites.map((item) => (item.id === id ? { ...item, state: 'revoked' } : item));
        return noContent();
      },
    },
    REGULAR_ADMIN,
  );
}

const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');

/** The section on /users, and its table (the narrow-screen list holds the same rows). */
async function openInvites() {
  renderAdmin('/users');
  return screen.findByRole('region', { name: 'الدعوات' }, { timeout: 10_000 });
}
const tableOf = (section: HTMLElement) =>
  within(section).findByRole('table', { name: 'قائمة الدعوات' });

beforeEach(() => {
  resetSession();
  signInAs(REGULAR_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invites section of /users', () => {
  it('lists invites with their state; only open ones can be sent again or revoked', async () => {
    stubInvites([PENDING, ACCEPTED]);
    const section = await openInvites();
    const table = await tableOf(section);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('بانتظار التسجيل')).toBeTruthy();
    expect(within(rows[1]!).getByText('استوديو')).toBeTruthy();
    expect(within(rows[2]!).getByText('مقبولة')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: /إلغاء الدعوة إلى mona/ })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  }, 60_000);

  it('creates an invite from the dialog, and shows invite-exists on the e-mail field', async () => {
    const fake = stubInvites([PENDING]);
    const section = await openInvites();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'دعوة جديدة' }));
    let dialog = await screen.findByRole('dialog', { name: 'دعوة شخص للتسجيل' });
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'Sara@Example.com');
    await user.selectOptions(within(dialog).getByLabelText('الدور'), String(Role.TutorManager));
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الدعوة' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests).map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/invite', { email: 'sara@example.com', role: Role.TutorManager }],
    ]);
    expect(await within(await tableOf(section)).findByText('sara@example.com')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'دعوة جديدة' }));
    dialog = await screen.findByRole('dialog', { name: 'دعوة شخص للتسجيل' });
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'mona@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الدعوة' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['invite-exists'])).toBeTruthy();
    expect(within(dialog).getByLabelText('البريد الإلكتروني').getAttribute('aria-invalid')).toBe(
      'true',
    );
  }, 60_000);

  it('checks the address before sending anything', async () => {
    const fake = stubInvites([]);
    const section = await openInvites();
    expect(await within(section).findByText('لا توجد دعوات بعد')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'دعوة جديدة' }));
    const dialog = await screen.findByRole('dialog', { name: 'دعوة شخص للتسجيل' });
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الدعوة' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES['invalid-email'])).toBeTruthy();
    expect(writes(fake.requests)).toEqual([]);
  }, 60_000);

  it('revokes only after confirming, and sends again after confirming', async () => {
    const fake = stubInvites([PENDING]);
    const section = await openInvites();
    const user = userEvent.setup();
    await user.click(
      within(await tableOf(section)).getByRole('button', { name: /إلغاء الدعوة إلى mona/ }),
    );
    let confirm = await screen.findByRole('dialog', { name: 'إلغاء الدعوة' });
    await user.click(within(confirm).getByRole('button', { name: 'تراجع' }));
    expect(writes(fake.requests)).toEqual([]);

    await user.click(
      within(await tableOf(section)).getByRole('button', { name: /إعادة إرسال الدعوة إلى mona/ }),
    );
    confirm = await screen.findByRole('dialog', { name: 'إعادة إرسال الدعوة' });
    await user.click(within(confirm).getByRole('button', { name: 'إعادة الإرسال' }));
    await waitFor(() => expect(writes(fake.requests)).toHaveLength(1));
    expect(writes(fake.requests)[0]).toMatchObject({ method: 'PUT', path: '/invite/1', body: {} });

    await user.click(
      within(await tableOf(section)).getByRole('button', { name: /إلغاء الدعوة إلى mona/ }),
    );
    confirm = await screen.findByRole('dialog', { name: 'إلغاء الدعوة' });
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء الدعوة' }));
    expect(await within(await tableOf(section)).findByText('ملغاة')).toBeTruthy();
    expect(writes(fake.requests)[1]).toMatchObject({ method: 'DELETE', path: '/invite/1' });
  }, 60_000);

  it('filters by state', async () => {
    const fake = stubInvites([PENDING, ACCEPTED]);
    const section = await openInvites();
    await within(await tableOf(section)).findByText('karim@example.com');
    await userEvent
      .setup()
      .selectOptions(within(section).getByLabelText('حالة الدعوة'), 'accepted');
    await waitFor(() => expect(within(section).queryAllByText('mona@example.com')).toEqual([]));
    const last = fake.requests.filter((r) => r.path === '/invite/list').at(-1);
    expect(last?.query.get('state')).toBe('accepted');
  }, 60_000);
});
