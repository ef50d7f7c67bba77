import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';
import { CARD_ADDED_REDIRECT_MS, readCardAddedResult, safeReturnPath } from './CardAddedPage';

const server = fakeApi(stubHealthyApi());
afterEach(() => {
  resetSession();
  vi.useRealTimers();
});

const address = (params: Record<string, string>) =>
  `/card-added?${new URLSearchParams(params).toString()}`;

const SAVED = {
  statusCode: '200',
  statusDescription: 'Operation done successfully',
  token: 'c0ffee',
  lastFourDigits: '4242',
};

describe('safeReturnPath', () => {
  it.each([
    ['/checkout/2/quarter?method=cards', '/checkout/2/quarter?method=cards'],
    ['/payments', '/payments'],
  ])('keeps the app path %s', (next, expected) => {
    expect(safeReturnPath(next)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/steal'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab a browser would drop', '/\t/evil.example'],
    ['a new line', '/\n/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'checkout/2/month'],
    ['the page itself', '/card-added?next=/x'],
    ['the login page', '/login'],
    ['nothing', null],
  ])('refuses %s', (_what, next) => {
    expect(safeReturnPath(next)).toBeNull();
  });
});

describe('readCardAddedResult', () => {
  it('reads Fawry’s answer: saved, cancelled or failed', () => {
    expect(readCardAddedResult(new URLSearchParams(SAVED))).toEqual({
      kind: 'added',
      last4: '4242',
    });
    expect(readCardAddedResult(new URLSearchParams({ statusCode: '400' }))).toEqual({
      kind: 'canceled',
    });
    expect(readCardAddedResult(new URLSearchParams({ statusCode: '99956' }))).toEqual({
      kind: 'failed',
    });
    expect(readCardAddedResult(new URLSearchParams({ error: 'x', token: 't' }))).toEqual({
      kind: 'failed',
    });
    expect(readCardAddedResult(new URLSearchParams())).toEqual({ kind: 'failed' });
  });
});

describe('/card-added', () => {
  it('says the card was saved, drops the token from the address and goes back by button', async () => {
    signInAs(server, makeUser());
    server.on('GET', '/fawry/card-token/list', json([]));
    const { router } = renderApp(address({ ...SAVED, next: '/checkout/2/quarter?method=cards' }));
    expect(await screen.findByText('تمت إضافة بطاقتك بنجاح')).toBeTruthy();
    expect(screen.getByText('4242')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await userEvent.setup().click(screen.getByRole('button', { name: 'العودة إلى صفحة الدفع' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/2/quarter'));
    expect(router.state.location.search).toBe('?method=cards');
  });

  it('goes back on its own after a moment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(server, makeUser());
    const { router } = renderApp(address({ ...SAVED, next: '/payments' }));
    await screen.findByText('تمت إضافة بطاقتك بنجاح');
    expect(router.state.location.pathname).toBe('/card-added');
    await act(() => vi.advanceTimersByTimeAsync(CARD_ADDED_REDIRECT_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
  });

  it('never follows a `next` that leaves the app: it goes to the plans instead', async () => {
    signInAs(server, makeUser());
    const { router } = renderApp(address({ ...SAVED, next: '//evil.example/x' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'متابعة' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
  });

  it('says when the card was not saved', async () => {
    signInAs(server, makeUser());
    renderApp(address({ statusCode: '99956', next: '/payments' }));
    expect(await screen.findByText(UI_MESSAGES.cardAddFailed)).toBeTruthy();
  });

  it('says when the student cancelled on Fawry’s page', async () => {
    signInAs(server, makeUser());
    renderApp(address({ statusCode: '400', next: '/payments' }));
    expect(await screen.findByText(/أُلغيت إضافة البطاقة/)).toBeTruthy();
  });
});
