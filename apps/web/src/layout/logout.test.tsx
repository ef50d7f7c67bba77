import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@talaqa/domain';
import { UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { api } from '../api';
import { fakeApi, makeUser, renderApp, resetSession, signInAs } from '../testing/fake-api';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

describe('header account menu', () => {
  it('logs out only after confirmation, clearing the stored session', async () => {
    signInAs(server, makeUser());
    const { router } = renderApp('/s/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).not.toBeNull();
    const ui = userEvent.setup();

    const menu = screen.getByRole('button', { name: /سارة أحمد/ });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await ui.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'الملف الشخصي' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'الإعدادات' }).getAttribute('href')).toBe(
      '/s/settings',
    );

    // Cancel keeps the session.
    await ui.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));
    let dialog = await screen.findByRole('dialog', { name: UI_MESSAGES.logoutConfirmTitle });
    await ui.click(within(dialog).getByRole('button', { name: UI_MESSAGES.cancel }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: UI_MESSAGES.logoutConfirmTitle })).toBeNull(),
    );
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).not.toBeNull();
    expect(document.activeElement).toBe(menu);

    await ui.click(menu);
    await ui.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));
    dialog = await screen.findByRole('dialog', { name: UI_MESSAGES.logoutConfirmTitle });
    await ui.click(within(dialog).getByRole('button', { name: UI_MESSAGES.logoutConfirmButton }));

    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
    expect(api.tokens.get()).toBeNull();
    expect(screen.queryByRole('button', { name: /سارة أحمد/ })).toBeNull();
  });
});
