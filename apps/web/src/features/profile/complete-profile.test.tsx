import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, UI_MESSAGES } from '@talaqa/ui';
import { stubHealthyApi } from '@talaqa/ui/testing';
import type { User } from '@talaqa/domain';
import { fakeApi, json, makeUser, renderApp, resetSession, signInAs } from '../../testing/fake-api';

const server = fakeApi(stubHealthyApi());
afterEach(resetSession);

const TOPICS = [
  { id: 1, nameAr: 'السفر', nameEn: 'Travel' },
  { id: 2, nameAr: 'العمل', nameEn: 'Work' },
  { id: 3, nameAr: 'الأفلام', nameEn: 'Movies' },
];

describe('complete-profile stepper', () => {
  it('saves each step and ends on the dashboard', async () => {
    let user: User = makeUser({ level: null, city: null, birthYear: null, gender: null });
    signInAs(server, user);
    server.on('GET', '/user/current', () => json(user));
    server.on('POST', '/student/', (request) => {
      user = { ...user, ...(request.body as Partial<User>) };
      return json(user);
    });
    server.on('PUT', '/user/:id', (request) => {
      user = { ...user, ...(request.body as Partial<User>) };
      return json(user);
    });
    server.on('GET', '/topic/list', json(TOPICS));
    server.on('GET', '/topic/of/user', json([TOPICS[0]]));
    server.on('PATCH', '/topic/of/user', (request) => {
      const ids = (request.body as { topicIds: number[] }).topicIds;
      return json(TOPICS.filter((topic) => ids.includes(topic.id)));
    });

    const { router } = renderApp('/complete-profile');
    const ui = userEvent.setup();
    expect(await screen.findByText('الخطوة ١ من ٣')).toBeTruthy();

    // Step 1 checks every field before saving.
    await ui.click(screen.getByRole('button', { name: UI_MESSAGES.next }));
    expect((await screen.findAllByText(ERROR_MESSAGES.required)).length).toBe(4);
    expect(server.callsTo('POST', '/student/')).toHaveLength(0);

    await ui.selectOptions(screen.getByLabelText('سنة الميلاد'), '2004');
    await ui.click(screen.getByRole('radio', { name: 'أنثى' }));
    await ui.selectOptions(screen.getByLabelText('المحافظة'), '2');
    await ui.selectOptions(screen.getByLabelText('مستواك في اللغة الإنجليزية'), '3');
    await ui.click(screen.getByRole('button', { name: UI_MESSAGES.next }));

    await screen.findByText('الخطوة ٢ من ٣');
    expect(server.callsTo('POST', '/student/')[0]?.body).toEqual({
      birthYear: 2004,
      gender: 'female',
      city: 2,
      level: 3,
    });

    // Step 2: job and aim, saved with PUT /user/{id}.
    await ui.type(screen.getByLabelText('الوظيفة أو الدراسة'), 'طالبة جامعية');
    await ui.type(screen.getByLabelText('هدفك من تعلّم الإنجليزية'), 'التحدث بثقة في العمل');
    await ui.click(screen.getByRole('button', { name: UI_MESSAGES.next }));
    await screen.findByText('الخطوة ٣ من ٣');
    expect(server.callsTo('PUT', `/user/${user.id}`)[0]?.body).toEqual({
      job: 'طالبة جامعية',
      aim: 'التحدث بثقة في العمل',
    });

    // Step 3: the favourites start from GET /topic/of/user; saving replaces them.
    const travel = await screen.findByRole('checkbox', { name: /السفر/ });
    expect((travel as HTMLInputElement).checked).toBe(true);
    await ui.click(travel);
    await ui.click(screen.getByRole('checkbox', { name: /العمل/ }));
    await ui.click(screen.getByRole('button', { name: 'حفظ وإنهاء' }));

    await screen.findByRole('heading', { level: 1, name: 'لوحة تحكم الطالب' });
    expect(router.state.location.pathname).toBe('/s/dashboard');
    expect(server.callsTo('PATCH', '/topic/of/user')[0]?.body).toEqual({ topicIds: [2] });
  });

  it('lets the later steps be skipped', async () => {
    const user = makeUser();
    signInAs(server, user);
    server.on('POST', '/student/', json(user));
    server.on('PATCH', '/student/', json(user));
    const { router } = renderApp('/complete-profile');
    const ui = userEvent.setup();
    // The main info exists already: the stepper resumes at the second step, and going back to
    // the first updates it with PATCH /student/.
    await screen.findByText('الخطوة ٢ من ٣');
    await ui.click(screen.getByRole('button', { name: UI_MESSAGES.back }));
    await ui.click(await screen.findByRole('button', { name: UI_MESSAGES.next }));
    await screen.findByText('الخطوة ٢ من ٣');
    expect(server.callsTo('PATCH', '/student/')).toHaveLength(1);
    expect(server.callsTo('POST', '/student/')).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: UI_MESSAGES.skip }));
    await screen.findByText('الخطوة ٣ من ٣');
    await ui.click(await screen.findByRole('button', { name: UI_MESSAGES.skip }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/dashboard'));
    expect(server.callsTo('PUT', `/user/${user.id}`)).toHaveLength(0);
  });
});
