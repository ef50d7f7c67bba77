import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role, ServerEvent, WithdrawMethod } from '@talaqa/domain';
import type { InvoiceView } from '@talaqa/domain';
import { call } from './api';
import { chatSocket, nextEvent } from './chat-fixtures';
import { fundTutor, ledgerOf, PNG_BYTES, totalsOf, updateInvoice } from './earnings-fixtures';
import { startTestServer, testDriver, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';

/**
 * Withdrawal requests on two instances sharing one PostgreSQL and one Redis (decisions 319,
 * 320): an admin connected to one hears requests made on the other, and requests split across
 * both never hold more than the balance.
 */
describe.skipIf(testDriver !== 'postgres' || !testRedisUrl)('invoices across instances', () => {
  let one: TestServer;
  let two: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    one = await startTestServer();
    two = await startTestServer({
      databaseUrl: one.config.databaseUrl,
      redisKeyPrefix: one.config.redisKeyPrefix,
    });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const instapay = (amount: number) => ({
    method: WithdrawMethod.Instapay,
    amount,
    instapayAddress: 'tutor.two@instapay',
  });

  it('tells the admin and the tutor on the other instance', async () => {
    const admin = await insertUser(one, Role.RegularAdmin);
    const tutor = await insertUser(one, Role.Tutor);
    await fundTutor(one, tutor.id, 100_000);
    const adminTab = await chatSocket(two, admin, sockets);
    const tutorTab = await chatSocket(two, tutor, sockets);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const adminHears = nextEvent<InvoiceView>(adminTab, ServerEvent.InvoiceUpdated);
    const tutorHears = nextEvent<InvoiceView>(tutorTab, ServerEvent.InvoiceUpdated);
    const made = await call<InvoiceView>(one, 'POST', '/invoice', tutor, instapay(20_000));
    expect(made.status).toBe(201);
    expect(await adminHears).toEqual(made.body);
    expect(await tutorHears).toEqual(made.body);
    const paid = nextEvent<InvoiceView>(tutorTab, ServerEvent.InvoiceUpdated);
    await updateInvoice(one, admin, made.body.id, { action: 'fulfil' }, PNG_BYTES);
    expect((await paid).label).toBe('fulfilled');
  });

  it('tells the admin on the other instance that a request was deleted', async () => {
    const admin = await insertUser(one, Role.RegularAdmin);
    const tutor = await insertUser(one, Role.Tutor);
    await fundTutor(one, tutor.id, 100_000);
    const made = await call<InvoiceView>(one, 'POST', '/invoice', tutor, instapay(20_000));
    await updateInvoice(one, admin, made.body.id, { action: 'reject' });
    const adminTab = await chatSocket(two, admin, sockets);
    const tutorTab = await chatSocket(two, tutor, sockets);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const adminHears = nextEvent(adminTab, ServerEvent.InvoiceDeleted);
    const tutorHears = nextEvent(tutorTab, ServerEvent.InvoiceDeleted);
    expect((await call(one, 'DELETE', `/invoice/${made.body.id}`, admin)).status).toBe(204);
    expect(await adminHears).toEqual({ id: made.body.id, userId: tutor.id });
    expect(await tutorHears).toEqual({ id: made.body.id, userId: tutor.id });
  });

  it('holds at most the balance when 100 requests go to both instances', async () => {
    const tutor = await insertUser(one, Role.Tutor);
    await fundTutor(one, tutor.id, 1_000_000);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        call(index % 2 ? two : one, 'POST', '/invoice', tutor, instapay(15_000)),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(66);
    expect(await totalsOf(two, tutor)).toMatchObject({ pending: 990_000, available: 10_000 });
    expect((await ledgerOf(one, tutor.id)).sum).toBe(10_000);
  });
});
