import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubHealthyApi } from '@talaqa/ui/testing';
import { fakeApi, json, makeToken, makeUser, renderApp, resetSession } from '../testing/fake-api';
import {
  CAMPAIGN_KEEP_DAYS,
  CAMPAIGN_STORAGE_KEY,
  keepCampaignOfAddress,
  keptCampaign,
} from './campaign';

const server = fakeApi(stubHealthyApi());
const DAY_MS = 24 * 60 * 60_000;
const NOW = Date.UTC(2026, 10, 27, 10);

afterEach(() => {
  resetSession();
  localStorage.removeItem(CAMPAIGN_STORAGE_KEY);
});

describe('the campaign that brought this browser (record 351)', () => {
  it('keeps the first campaign of an address for 30 days, and ignores a later one', () => {
    keepCampaignOfAddress('?campaign=Summer&source=sfb&next=/plans', NOW);
    keepCampaignOfAddress('?campaign=winter&source=wa', NOW + DAY_MS);
    expect(keptCampaign(NOW + DAY_MS)).toEqual({ name: 'summer', source: 'sfb' });
    expect(keptCampaign(NOW + (CAMPAIGN_KEEP_DAYS - 1) * DAY_MS)).toEqual({
      name: 'summer',
      source: 'sfb',
    });
    // Past its days it is forgotten, and the next campaign is kept.
    expect(keptCampaign(NOW + CAMPAIGN_KEEP_DAYS * DAY_MS)).toBeUndefined();
    keepCampaignOfAddress('?campaign=winter&source=wa', NOW + CAMPAIGN_KEEP_DAYS * DAY_MS);
    expect(keptCampaign(NOW + CAMPAIGN_KEEP_DAYS * DAY_MS)).toEqual({
      name: 'winter',
      source: 'wa',
    });
  });

  it('keeps only well-formed parts and survives broken storage', () => {
    keepCampaignOfAddress('?campaign=%3Cscript%3E&source=zz', NOW);
    expect(localStorage.getItem(CAMPAIGN_STORAGE_KEY)).toBeNull();
    keepCampaignOfAddress('?source=syt', NOW);
    expect(keptCampaign(NOW)).toEqual({ source: 'syt' });
    localStorage.setItem(CAMPAIGN_STORAGE_KEY, '{not json');
    expect(keptCampaign(NOW)).toBeUndefined();
  });

  it('is sent with the sign-up, then forgotten', async () => {
    keepCampaignOfAddress('?campaign=summer&source=sfb');
    const created = makeUser({ level: null, city: null, birthYear: null, verifiedEmail: false });
    server.on(
      'POST',
      '/user/',
      json(
        { user: created, token: makeToken(created.id), deviceToken: 'device-new', emailCode: null },
        201,
      ),
    );
    server.on('GET', '/topic/list', json([]));
    renderApp('/register/student?campaign=summer&source=sfb');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('الاسم الكامل'), 'سارة أحمد');
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'sara@example.com');
    await user.type(screen.getByLabelText('كلمة المرور'), 'abcdefg1');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'abcdefg1');
    await user.click(screen.getByRole('checkbox', { name: /أوافق على/ }));
    await user.click(screen.getByRole('button', { name: 'إنشاء حساب الطالب' }));
    await screen.findByRole('heading', { level: 1, name: 'إكمال الملف الشخصي' });
    expect(server.callsTo('POST', '/user/')[0]?.body).toMatchObject({
      email: 'sara@example.com',
      campaign: { name: 'summer', source: 'sfb' },
    });
    expect(keptCampaign()).toBeUndefined();
    // Not shown anywhere on the page.
    expect(document.body.textContent).not.toContain('summer');
  });
});
