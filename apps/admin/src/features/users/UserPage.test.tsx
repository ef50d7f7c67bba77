import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Governorate, Role } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  REGULAR_ADMIN,
  SUPER_ADMIN,
  apiError,
  makeUser,
  renderAdmin,
  resetSession,
  signInAs,
  stubApi,
} from '../../testing/fake-api';

const STUDENT = makeUser({
  id: 9,
  name: 'يوسف كمال',
  email: 'youssef@talaqa.com',
  role: Role.Student,
  phone: '+201012345678',
  verifiedEmail: true,
  verifiedPhone: true,
  city: Governorate.Alexandria,
});

beforeEach(() => resetSession());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/user/:id', () => {
  it('shows the details and sends only the changed fields', async () => {
    const fake = stubApi(
      {
        'GET /user/9': () => STUDENT,
        'PUT /user/9': ({ body }) => ({ ...STUDENT, ...(body as Partial<User>) }),
      },
      SUPER_ADMIN,
    );
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    renderAdmin('/user/9');
    const summary = await screen.findByRole('complementary', { name: 'ملخص الحساب' });
    expect(within(summary).getByRole('heading', { name: 'يوسف كمال' })).toBeTruthy();
    expect(within(summary).getByText('الهاتف مؤكَّد')).toBeTruthy();
    expect(within(summary).getByText('+201012345678').getAttribute('dir')).toBe('ltr');

    const form = screen.getByRole('region', { name: 'تعديل البيانات' });
    expect(within(form).getByLabelText('المحافظة')).toHaveProperty(
      'value',
      String(Governorate.Alexandria),
    );
    await user.clear(within(form).getByLabelText('سنة الميلاد'));
    await user.type(within(form).getByLabelText('سنة الميلاد'), '٢٠٠٠');
    await user.selectOptions(within(form).getByLabelText('الدور'), 'معلم');
    await user.click(within(form).getByRole('button', { name: 'حفظ التغييرات' }));

    expect(await screen.findByText('تم حفظ بيانات المستخدم')).toBeTruthy();
    expect(fake.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      birthYear: 2000,
      role: Role.Tutor,
    });
  });

  it('shows a student’s newest lessons with a link to all of them', async () => {
    const lesson = {
      id: 51,
      members: { tutorId: 7, studentId: 9 },
      price: 6_000,
      duration: 30,
      start: '2026-11-20T17:00:00.000Z',
      status: 'fulfilled',
      canceledBy: null,
      end: '2026-11-20T17:30:00.000Z',
      tutor: { id: 7, name: 'أحمد سمير', image: null },
      student: { id: 9, name: STUDENT.name, image: null },
      bookedAt: '2026-11-18T10:00:00.000Z',
      canceledAt: null,
      freeCancelUntil: '2026-11-19T17:00:00.000Z',
      attended: { tutor: true, student: true },
      canceledByAdmin: false,
      adminCancel: null,
    };
    const fake = stubApi(
      {
        'GET /user/9': () => STUDENT,
        'GET /lesson/list': () => ({ list: [lesson], total: 12 }),
      },
      SUPER_ADMIN,
    );
    signInAs(SUPER_ADMIN);
    renderAdmin('/user/9');
    const section = await screen.findByRole('region', { name: 'الدروس' });
    const list = await within(section).findByRole('list', { name: 'دروس المستخدم' });
    expect(within(list).getByText(/أحمد سمير/)).toBeTruthy();
    expect(within(list).getByText('مكتمل')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'كل الدروس (١٢)' }).getAttribute('href')).toBe(
      '/lessons?studentId=9',
    );
    const asked = fake.requests.find((request) => request.path === '/lesson/list')?.query;
    expect(asked?.get('studentId')).toBe('9');
    expect(asked?.get('tutorId')).toBeNull();
  });

  it('shows the Arabic rule for a bad birth year and sends nothing', async () => {
    const fake = stubApi({ 'GET /user/9': () => STUDENT }, SUPER_ADMIN);
    signInAs(SUPER_ADMIN);
    const user = userEvent.setup();
    renderAdmin('/user/9');
    const form = await screen.findByRole('region', { name: 'تعديل البيانات' });
    await user.type(within(form).getByLabelText('سنة الميلاد'), '1850');
    await user.click(within(form).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await within(form).findByText(ERROR_MESSAGES['birth-year-out-of-range'])).toBeTruthy();
    expect(fake.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('lets only a super admin touch the admin roles', async () => {
    stubApi(
      {
        'GET /user/9': () => STUDENT,
        'GET /user/1': () => SUPER_ADMIN,
      },
      REGULAR_ADMIN,
    );
    signInAs(REGULAR_ADMIN);
    const { router } = renderAdmin('/user/9');
    const form = await screen.findByRole('region', { name: 'تعديل البيانات' });
    const options = Array.from(
      (within(form).getByLabelText('الدور') as HTMLSelectElement).options,
    ).map((option) => option.textContent);
    expect(options).toEqual(['معلم', 'طالب', 'مسؤول مقابلات', 'استوديو']);
    cleanup();

    renderAdmin('/user/1');
    const adminForm = await screen.findByRole('region', { name: 'تعديل البيانات' });
    expect(within(adminForm).getByLabelText('الدور')).toHaveProperty('disabled', true);
    expect(within(adminForm).getByText('تغيير أدوار المشرفين للمشرف العام فقط')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/9');
  });

  it('says the user was not found', async () => {
    stubApi({ 'GET /user/404': () => apiError('user-not-found', 404) }, SUPER_ADMIN);
    signInAs(SUPER_ADMIN);
    renderAdmin('/user/404');
    expect(await screen.findByText('لم نجد هذا المستخدم')).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES['user-not-found'])).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'العودة إلى المستخدمين' }).length).toBe(2),
    );
  });
});
