import { urls } from '../env';
import { codeSentTo, test } from './fixtures';
import { chatJourney } from './chat-steps';

// Issue 18's chat journey on the single server (`npm start`); across two instances behind nginx
// in ../cluster/chat-journey.spec.ts.

test('a student and a tutor chat: typing, read ticks, edit, delete, pin and search', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await chatJourney({
    page,
    browser,
    request,
    testInfo,
    web: urls.web,
    api: urls.api,
    codeSentTo,
    screenshots: 'chat',
  });
});
