import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_PORTS, SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, makeUser, renderApp, resetSession, signInAs } from '../testing/fake-api';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

/** Issue 20 item 1: the spec's support chat link, in the footer and the account menu. */
describe('help links', () => {
  it('puts the support chat and the help pages in the footer, signed in or not', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    const help = screen.getByRole('navigation', { name: 'المساعدة' });
    const chat = within(help).getByRole('link', { name: 'واتساب الدعم' });
    expect(chat.getAttribute('href')).toBe(SUPPORT_WHATSAPP_URL);
    expect(chat.getAttribute('rel')).toBe('noreferrer');
    const landing = `http://localhost:${LOCAL_PORTS.landing}`;
    expect(within(help).getByRole('link', { name: 'الأسئلة الشائعة' }).getAttribute('href')).toBe(
      `${landing}/faq`,
    );
    expect(within(help).getByRole('link', { name: 'تواصل معنا' }).getAttribute('href')).toBe(
      `${landing}/contact`,
    );
  });

  it('offers the support chat in the account menu', async () => {
    signInAs(server, makeUser());
    renderApp('/s/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' });
    await userEvent.setup().click(screen.getByRole('button', { name: /سارة أحمد/ }));
    const item = screen.getByRole('link', { name: 'المساعدة: واتساب الدعم' });
    expect(item.getAttribute('href')).toBe(SUPPORT_WHATSAPP_URL);
    expect(item.getAttribute('target')).toBe('_blank');
  });
});
