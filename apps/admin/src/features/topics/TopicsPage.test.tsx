import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Topic } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import {
  SUPER_ADMIN,
  apiError,
  createFakeApi,
  noContent,
  renderAdmin,
  resetSession,
  signInAs,
} from '../../testing/fake-api';
import type { FakeRequest } from '../../testing/fake-api';

/** A small in-memory topics server. */
function stubTopics(initial: Topic[]) {
  let topics = [...initial];
  let nextId = 100;
  const fake = createFakeApi({
    'GET /topic/list': () => topics,
    'POST /topic/': ({ body }) => {
      const topic = { id: nextId++, ...(body as Omit<Topic, 'id'>) };
      topics = [...topics, topic];
      return Response.json(topic, { status: 201 });
    },
    'PUT /topic/:id': ({ path, body }) => {
      const id = Number(path.split('/')[2]);
      if (!topics.some((topic) => topic.id === id)) return apiError('topic-not-found', 404);
      const topic = { id, ...(body as Omit<Topic, 'id'>) };
      topics = topics.map((item) => (item.id === id ? topic : item));
      return topic;
    },
    'DELETE /topic/:id': ({ path }) => {
      const id = Number(path.split('/')[2]);
      topics = topics.filter((item) => item.id !== id);
      return noContent();
    },
  });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');

const TRAVEL: Topic = { id: 1, nameAr: 'السفر', nameEn: 'Travel' };
const WORK: Topic = { id: 2, nameAr: 'العمل', nameEn: 'Work' };

beforeEach(() => {
  resetSession();
  signInAs(SUPER_ADMIN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: 'قائمة الموضوعات' });

describe('/topics', () => {
  it('lists the topics with the English names left to right', async () => {
    stubTopics([TRAVEL, WORK]);
    renderAdmin('/topics');
    await screen.findByRole('table', { name: 'قائمة الموضوعات' });
    const english = within(table()).getByText('Travel');
    expect(english.getAttribute('dir')).toBe('ltr');
    expect(within(table()).getByText('العمل')).toBeTruthy();
  });

  it('shows the empty state without topics', async () => {
    stubTopics([]);
    renderAdmin('/topics');
    expect(await screen.findByText('لا توجد موضوعات بعد')).toBeTruthy();
  });

  it('adds a topic from the inline form, with the Arabic rule for a short name', async () => {
    const fake = stubTopics([TRAVEL]);
    const user = userEvent.setup();
    renderAdmin('/topics');
    const form = (await screen.findByRole('heading', { name: 'إضافة موضوع' })).parentElement!;
    await user.type(within(form).getByLabelText('الاسم بالعربية'), 'ر');
    await user.type(within(form).getByLabelText('الاسم بالإنجليزية'), 'Sports');
    expect(within(form).getByLabelText('الاسم بالإنجليزية').getAttribute('dir')).toBe('ltr');
    await user.click(within(form).getByRole('button', { name: 'إضافة' }));
    expect(await within(form).findByText(ERROR_MESSAGES['topic-name-too-short'])).toBeTruthy();
    expect(writes(fake.requests)).toEqual([]);

    await user.type(within(form).getByLabelText('الاسم بالعربية'), 'ياضة');
    await user.click(within(form).getByRole('button', { name: 'إضافة' }));
    expect(await within(table()).findByText('رياضة')).toBeTruthy();
    expect(writes(fake.requests)).toMatchObject([
      { method: 'POST', path: '/topic/', body: { nameAr: 'رياضة', nameEn: 'Sports' } },
    ]);
    expect(within(form).getByLabelText('الاسم بالعربية')).toHaveProperty('value', '');
    expect(screen.getByText('تمت إضافة الموضوع')).toBeTruthy();
  });

  it('edits a topic in a dialog', async () => {
    const fake = stubTopics([TRAVEL, WORK]);
    const user = userEvent.setup();
    renderAdmin('/topics');
    await screen.findByRole('table', { name: 'قائمة الموضوعات' });
    await user.click(within(table()).getByRole('button', { name: 'تعديل الموضوع العمل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الموضوع' });
    const english = within(dialog).getByLabelText('الاسم بالإنجليزية');
    expect(english).toHaveProperty('value', 'Work');
    await user.clear(english);
    await user.type(english, 'Business');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(table()).findByText('Business')).toBeTruthy();
    expect(writes(fake.requests)).toMatchObject([
      { method: 'PUT', path: '/topic/2', body: { nameAr: 'العمل', nameEn: 'Business' } },
    ]);
  });

  it('deletes a topic only after the confirmation', async () => {
    const fake = stubTopics([TRAVEL, WORK]);
    const user = userEvent.setup();
    renderAdmin('/topics');
    await screen.findByRole('table', { name: 'قائمة الموضوعات' });

    await user.click(within(table()).getByRole('button', { name: 'حذف الموضوع السفر' }));
    let dialog = await screen.findByRole('dialog', { name: 'حذف الموضوع' });
    expect(within(dialog).getByText(/السفر/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fake.requests)).toEqual([]);
    expect(within(table()).getByText('السفر')).toBeTruthy();

    await user.click(within(table()).getByRole('button', { name: 'حذف الموضوع السفر' }));
    dialog = await screen.findByRole('dialog', { name: 'حذف الموضوع' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(within(table()).queryByText('السفر')).toBeNull());
    expect(writes(fake.requests)).toMatchObject([{ method: 'DELETE', path: '/topic/1' }]);
    expect(screen.getByText('تم حذف الموضوع «السفر»')).toBeTruthy();
  });

  it('says so when the topic was deleted meanwhile', async () => {
    stubTopics([TRAVEL]);
    const user = userEvent.setup();
    renderAdmin('/topics');
    await screen.findByRole('table', { name: 'قائمة الموضوعات' });
    await user.click(within(table()).getByRole('button', { name: 'تعديل الموضوع السفر' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الموضوع' });
    vi.stubGlobal(
      'fetch',
      vi.fn(createFakeApi({ 'PUT /topic/:id': () => apiError('topic-not-found', 404) }).fetch),
    );
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      ERROR_MESSAGES['topic-not-found'],
    );
  });
});
