import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_MESSAGE_MAX_LENGTH, SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { renderSitePage } from '../../render';
import { IslandRoot } from '../../site/island-root';
import { renderPage } from '../../testing/site';
import { ContactFormPanel } from './ContactForm';

const fetchMock = stubHealthyApi();

/** What the build made for the browser, as far as the page's HTML needs it. */
const ASSETS = { css: '', fontPreloads: [], siteScript: '/assets/site.js', islands: {} };

/** The island as the browser hydrates it (src/islands/contact.tsx): the page's one live part. */
const renderForm = () =>
  render(
    <IslandRoot>
      <ContactFormPanel />
    </IslandRoot>,
  );

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
    renderForm();

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
    renderForm();
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
    renderForm();
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
    renderPage('/contact');
    await screen.findByRole('heading', { level: 1 });
    const links = screen.getAllByRole('link', { name: /واتساب الدعم/ });
    expect(links.every((link) => link.getAttribute('href') === SUPPORT_WHATSAPP_URL)).toBe(true);
    expect(links.length).toBeGreaterThanOrEqual(2);
  });

  it('puts the form in the page before any script runs, in the island the browser hydrates', async () => {
    const { container } = renderPage('/contact');
    await screen.findByRole('heading', { level: 1, name: 'تواصل معنا' });
    const islands = container.querySelectorAll('[data-island]');
    expect(islands).toHaveLength(1);
    const island = islands[0]!;
    expect(island.getAttribute('data-island')).toBe('contact');
    const form = within(island as HTMLElement).getByRole('form', {
      name: 'رسالة إلى فريق طلاقة',
    });
    for (const label of ['عنوان الرسالة', 'نص الرسالة', 'بريدك الإلكتروني']) {
      expect(within(form).getByLabelText(label)).toBeTruthy();
    }
  });
});

describe('the /contact island (src/islands/contact.tsx)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hydrates the rendered form without a mismatch, and the form then works', async () => {
    const html = await renderSitePage('/contact', ASSETS);
    document.body.innerHTML = new DOMParser().parseFromString(html!, 'text/html').body.innerHTML;
    const renderedField = screen.getByLabelText('عنوان الرسالة');
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    window.addEventListener('error', recoverable);
    const sent = answerContact(created);

    await import('../../islands/contact');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    expect(await screen.findByText(ERROR_MESSAGES['contact-title-too-short'])).toBeTruthy();
    window.removeEventListener('error', recoverable);
    expect(errors).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    expect(sent).toHaveLength(0);
    // Hydration adopted the rendered elements: a mismatch would have replaced them with new ones.
    expect(screen.getByLabelText('عنوان الرسالة')).toBe(renderedField);
  });
});
