import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LESSON_FREE_CANCEL_MINUTES,
  SUPPORT_WHATSAPP_URL,
  TUTOR_NO_SHOW_MINUTES,
} from '@talaqa/domain';
import { formatNumber } from '@talaqa/ui';
import { renderPage } from '../../testing/site';
import { TERMS_SECTIONS } from '../legal/terms-content';
import { PRIVACY_SECTIONS } from '../legal/privacy-content';
import { GENERAL_FAQ, ROLE_FAQ } from '../faq/faq-content';
import { CANCELLATION_RULES, durationText, facts, minutesText } from './facts';

/** Issue 20 item 1: the content pages written for the product, from its rules. */
describe('landing content pages', () => {
  it.each([
    ['/terms', 'الشروط والأحكام', TERMS_SECTIONS],
    ['/privacy', 'سياسة الخصوصية', PRIVACY_SECTIONS],
  ] as const)(
    '%s has a table of contents linking to each section',
    async (url, title, sections) => {
      renderPage(url);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      const toc = screen.getByRole('navigation', { name: 'المحتويات' });
      const links = within(toc).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(
        sections.map((section) => `#${section.id}`),
      );
      for (const [index, section] of sections.entries()) {
        const heading = screen.getByRole('heading', {
          level: 2,
          name: `${formatNumber(index + 1)}. ${section.title}`,
        });
        expect(heading.id).toBe(section.id);
      }
      expect(screen.getAllByRole('link', { name: 'واتساب الدعم' })[0]?.getAttribute('href')).toBe(
        SUPPORT_WHATSAPP_URL,
      );
    },
  );

  it('states the cancellation and no-show rules from the domain on /terms', async () => {
    renderPage('/terms');
    await screen.findByRole('heading', { level: 1 });
    const section = screen.getByRole('region', { name: /حجز الدروس وإلغاؤها/ });
    for (const rule of CANCELLATION_RULES) expect(section.textContent).toContain(rule);
    expect(section.textContent).toContain(`قبل موعده ب${durationText(LESSON_FREE_CANCEL_MINUTES)}`);
    expect(section.textContent).toContain(`خلال ${minutesText(TUTOR_NO_SHOW_MINUTES)}`);
    expect(screen.getByRole('region', { name: /الدفع/ }).textContent).toMatch(/فوري.*Paymob/s);
  });

  it('says on /privacy that lessons are not recorded', async () => {
    renderPage('/privacy');
    expect(
      await screen.findByRole('heading', { level: 2, name: /مكالمات الفيديو لا تُسجَّل/ }),
    ).toBeTruthy();
  });

  it('opens and closes a question of /faq, and links to each audience', async () => {
    const user = userEvent.setup();
    renderPage('/faq');
    await screen.findByRole('heading', { level: 1, name: 'الأسئلة الشائعة' });
    const list = screen.getByRole('list', { name: 'أسئلة عامة' });
    const questions = within(list).getAllByRole('group');
    expect(questions).toHaveLength(GENERAL_FAQ.length);
    const first = questions[0] as HTMLDetailsElement;
    expect(first.open).toBe(false);
    await user.click(within(first).getByText(GENERAL_FAQ[0]!.question));
    expect(first.open).toBe(true);
    await user.click(within(first).getByText(GENERAL_FAQ[0]!.question));
    expect(first.open).toBe(false);
    expect(screen.getByRole('link', { name: /أسئلة الطلاب/ }).getAttribute('href')).toBe(
      '/faq/student',
    );
    expect(screen.getByRole('link', { name: /أسئلة المعلمين/ }).getAttribute('href')).toBe(
      '/faq/tutor',
    );
  });

  it.each(['student', 'tutor'] as const)('lists the %s questions on /faq/:role', async (role) => {
    const user = userEvent.setup();
    renderPage(`/faq/${role}`);
    const title = await screen.findByRole('heading', { level: 1 });
    // The list is named by the page's title; the phone menu is a disclosure of its own.
    const list = screen.getByRole('list', { name: title.textContent ?? '' });
    const questions = within(list).getAllByRole('group');
    expect(questions).toHaveLength(ROLE_FAQ[role].length);
    const noShow = ROLE_FAQ[role].find((item) => /يحضر|غبت/.test(item.question));
    expect(noShow).toBeTruthy();
    const details = screen.getByText(noShow!.question).closest('details')!;
    await user.click(screen.getByText(noShow!.question));
    expect(details.open).toBe(true);
    expect(details.textContent).toContain(facts.noShow);
    cleanup();
  });

  it('/method, /about and /tutor say what the product is', async () => {
    renderPage('/method');
    expect(await screen.findByRole('heading', { level: 2, name: 'كيف يسير الدرس' })).toBeTruthy();
    cleanup();
    renderPage('/about');
    expect(await screen.findByRole('heading', { level: 2, name: 'ما نلتزم به' })).toBeTruthy();
    cleanup();
    renderPage('/tutor');
    expect(await screen.findByRole('heading', { level: 2, name: 'خطوات الانضمام' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`بعد ${facts.reapply}`))).toBeTruthy();
  });

  it('puts the support chat in the footer of every page', async () => {
    renderPage('/');
    await screen.findByRole('heading', { level: 1 });
    const footer = screen.getByRole('navigation', { name: 'روابط الموقع' });
    const link = within(footer).getByRole('link', { name: 'واتساب الدعم' });
    expect(link.getAttribute('href')).toBe(SUPPORT_WHATSAPP_URL);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('words counts as Arabic does', () => {
    expect(minutesText(10)).toBe('١٠ دقائق');
    expect(minutesText(30)).toBe('٣٠ دقيقة');
    expect(durationText(120)).toBe('ساعتين');
    expect(facts.renewal).toMatch(/^السبت/);
  });
});
