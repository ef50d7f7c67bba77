import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_MESSAGE_MAX_LENGTH, SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import { renderRoute, stubHealthyApi } from '@talaqa/ui/testing';
import { routes } from '../../router';

const fetchMock = stubHealthyApi();

/** Answers POST /contact-request/ with `answer`, and records what was sent. */
function answerContact(answer: () => Response) {
  const sent: unknown[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/api/v1/contact-request/')) {
      sent.push(JSON.parse(String(init?.body)));
      return answer();
    }
    return Response.json({ status: 'ok', database: { status: 'up', driver: 'pglite' } });
  });
  return sent;
}

const created = () =>
  Response.json(
    { id: 7, title: 'سؤال', message: 'نص', createdAt: '2026-11-26T10:00:00.000Z' },
    { status: 201 },
  );

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    // A long text is pasted: typing two thousand characters one by one only slows the test.
    if (value.length > 100) {
      await user.click(field);
      await user.paste(value);
    } else if (value) await user.type(field, value);
  }
}

describe('landing /contact', () => {
  it('shows the Arabic error of each field and sends nothing while one is wrong', async () => {
    const sent = answerContact(created);
    const user = userEvent.setup();
    renderRoute(routes, '/contact');
    await screen.findByRole('heading', { level: 1, name: 'تواصل معنا' });

    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    expect(screen.getByText(ERROR_MESSAGES['contact-title-too-short'])).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES['contact-message-too-short'])).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES.required)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('عنوان الرسالة'));
    expect(screen.getByLabelText('عنوان الرسالة').getAttribute('aria-invalid')).toBe('true');

    await fill(user, { 'عنوان الرسالة': 'سؤال عن الدفع', 'بريدك الإلكتروني': 'not-an-email' });
    // Corrected fields clear their error at once; the others keep theirs.
    expect(screen.queryByText(ERROR_MESSAGES['contact-title-too-short'])).toBeNull();
    expect(screen.getByText(ERROR_MESSAGES['invalid-email'])).toBeTruthy();

    await fill(user, { 'نص الرسالة': 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) });
    expect(screen.getByText(ERROR_MESSAGES['contact-message-too-long'])).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    expect(sent).toHaveLength(0);
  });

  it('sends the message, shows the loading state, then the confirmation', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent = answerContact(() => created());
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/api/v1/contact-request/')) {
        sent.push(JSON.parse(String(init?.body)));
        await held;
        return created();
      }
      return Response.json({ status: 'ok', database: { status: 'up', driver: 'pglite' } });
    });
    const user = userEvent.setup();
    renderRoute(routes, '/contact');
    await screen.findByRole('heading', { level: 1 });
    await fill(user, {
      'عنوان الرسالة': 'سؤال عن الباقات',
      'نص الرسالة': 'هل يمكنني تغيير باقتي في منتصف الشهر؟',
      'بريدك الإلكتروني': ' Sara@Example.com ',
    });
    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    const busy = await screen.findByRole('button', { name: /جارٍ الإرسال/ });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByText('وصلتنا رسالتك')).toBeTruthy();
    expect(sent).toEqual([
      {
        title: 'سؤال عن الباقات',
        message: 'هل يمكنني تغيير باقتي في منتصف الشهر؟',
        email: 'sara@example.com',
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'أرسل رسالة أخرى' }));
    expect((screen.getByLabelText('عنوان الرسالة') as HTMLInputElement).value).toBe('');
  });

  it('puts the server field codes under their fields, and says when it is too many', async () => {
    answerContact(() =>
      Response.json(
        {
          code: 'contact-title-too-long',
          message: 'Request validation failed',
          fields: [{ path: 'title', code: 'contact-title-too-long' }],
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderRoute(routes, '/contact');
    await screen.findByRole('heading', { level: 1 });
    await fill(user, {
      'عنوان الرسالة': 'عنوان صالح',
      'نص الرسالة': 'نص رسالة صالح للتجربة',
      'بريدك الإلكتروني': 'a@example.com',
    });
    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    expect(await screen.findByText(ERROR_MESSAGES['contact-title-too-long'])).toBeTruthy();

    answerContact(() =>
      Response.json({ code: 'too-many-requests', message: 'slow down' }, { status: 429 }),
    );
    await fill(user, { 'عنوان الرسالة': 'عنوان آخر' });
    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(ERROR_MESSAGES['too-many-requests']));
    expect(screen.queryByText('وصلتنا رسالتك')).toBeNull();
  });

  it('offers the WhatsApp support chat beside the form', async () => {
    renderRoute(routes, '/contact');
    await screen.findByRole('heading', { level: 1 });
    const links = screen.getAllByRole('link', { name: /واتساب الدعم/ });
    expect(links.every((link) => link.getAttribute('href') === SUPPORT_WHATSAPP_URL)).toBe(true);
    expect(links.length).toBeGreaterThanOrEqual(2);
  });
});
