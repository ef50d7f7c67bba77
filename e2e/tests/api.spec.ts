import { urls } from '../env';
import { expect, test } from './fixtures';

test('the API reports a healthy database and answers unknown routes with not-found', async ({
  request,
}) => {
  const health = await request.get(`${urls.api}/api/v1/health`);
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });

  const missing = await request.get(`${urls.api}/api/v1/no-such-route`);
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: 'not-found' });
});
