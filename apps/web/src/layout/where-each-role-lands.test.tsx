import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeUser, renderApp, resetSession, signInAs } from '../testing/fake-api';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

/** A tutor whose profile lacks only a verified phone: sign-in still asks for it. */
const tutor = makeUser({
  id: 9,
  name: 'أحمد علي',
  role: Role.Tutor,
  image: null,
  verifiedPhone: false,
});

/** Issue 20 item 6: where each role lands, and the header on a phone. */
describe('where each role lands', () => {
  it('shows the welcome page to visitors at /', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'أهلًا بك في طلاقة' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('takes a signed-in student from / to the dashboard', async () => {
    signInAs(server, makeUser());
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' });
    expect(router.state.location.pathname).toBe('/s/dashboard');
    expect(screen.queryByRole('heading', { name: 'أهلًا بك في طلاقة' })).toBeNull();
  });

  it('takes a signed-in tutor from / to their home', async () => {
    signInAs(server, makeUser({ ...tutor, image: 'tutor.webp', verifiedPhone: true }));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/dashboard'));
  });

  it("opens the tutor's dashboard from the menu's dashboard link", async () => {
    signInAs(server, tutor);
    renderApp('/profile');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: /أحمد علي/ }));
    const link = screen.getByRole('link', { name: 'لوحة التحكم' });
    expect(link.getAttribute('href')).toBe('/t/dashboard');
  });

  it('gives students "دروسي" in the header', async () => {
    signInAs(server, makeUser());
    renderApp('/s/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' });
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(within(nav).getByRole('link', { name: 'دروسي' }).getAttribute('href')).toBe(
      '/upcoming-lessons',
    );
  });

  it('has no "دروسي" for tutors', async () => {
    signInAs(server, tutor);
    renderApp('/profile');
    await screen.findByRole('button', { name: /أحمد علي/ });
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(within(nav).queryByRole('link', { name: 'دروسي' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'المعلمون' })).toBeTruthy();
  });

  it('takes a tutor manager from / to /interviews, with the workspace and schedule at hand', async () => {
    server.on('GET', '/interview/list', json({ list: [], total: 0 }));
    server.on('GET', '/demo-session/list', json({ list: [], total: 0 }));
    server.on('GET', '/intro-video/list', json({ list: [], total: 0 }));
    signInAs(server, makeUser({ id: 40, name: 'منى حسن', role: Role.TutorManager }));
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'مواعيد اليوم' });
    expect(router.state.location.pathname).toBe('/interviews');
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(within(nav).getByRole('link', { name: 'المقابلات' }).getAttribute('href')).toBe(
      '/interviews',
    );
    expect(within(nav).getByRole('link', { name: 'مواعيدي' }).getAttribute('href')).toBe(
      '/schedule-management',
    );
    const ui = userEvent.setup();
    const account = screen.getByRole('button', { name: /منى حسن/ });
    await ui.click(account);
    const menu = document.getElementById(account.getAttribute('aria-controls') ?? '');
    expect(
      within(menu as HTMLElement)
        .getByRole('link', { name: 'إدارة المواعيد' })
        .getAttribute('href'),
    ).toBe('/schedule-management');
  });

  it('opens the phone menu from the keyboard, and gives focus back when it closes', async () => {
    signInAs(server, makeUser());
    const { router } = renderApp('/profile');
    await screen.findByRole('button', { name: /سارة أحمد/ });
    const ui = userEvent.setup();
    const button = screen.getByRole('button', { name: UI_MESSAGES.openMenu });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await ui.keyboard('{Enter}');
    let menu = await screen.findByRole('dialog', { name: 'القائمة' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['دروسي', 'المعلمون', 'الباقات']);
    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'القائمة' })).toBeNull());
    expect(document.activeElement).toBe(button);

    // A link goes there and closes the menu.
    await ui.keyboard('{Enter}');
    menu = await screen.findByRole('dialog', { name: 'القائمة' });
    await ui.click(within(menu).getByRole('link', { name: 'الباقات' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'القائمة' })).toBeNull());
  });
});
