import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionStatus } from '@talaqa/domain';
import type { CardToken, PaymentStarted } from '@talaqa/domain';
import { queryRows } from '../../src/db';
import * as schema from '../../src/db/schema';
import { FAWRY_PATHS, FAWRY_TEST_CARDS } from '../../src/integrations/fawry';
import { paymentsContextOf } from '../../src/modules/payments/context';
import { fawryProfileIdOf } from '../../src/modules/payments/fawry-profile';
import { MIGRATIONS_DIR } from '../../src/paths';
import { call } from './api';
import type { Caller } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import {
  cardPayment,
  fawryProfileIdInDatabase,
  fawrySimulator,
  plan,
  saveCard,
  saveCardOnPage,
  student,
  subscriptionsOf,
  transactionRow,
} from './payments-fixtures';

/**
 * Fawry keeps saved cards per customerProfileId. It is the user's own id for Fawry, never the
 * row id, so a reset database that gives a row id to someone new never shows them, nor lets them
 * pay with, the cards of the user who had that id before; users of before keep their row id.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const CARD_ADDED = 'http://localhost:4100/card-added';

const cardsOf = async (caller: Caller) =>
  (await call<CardToken[]>(server, 'GET', '/fawry/card-token/list', caller)).body;

async function cardPageProfileId(caller: Caller): Promise<string> {
  const { body } = await call<{ url: string }>(
    server,
    'GET',
    `/fawry/card-token/url?returnUrl=${encodeURIComponent(CARD_ADDED)}`,
    caller,
  );
  return new URL(body.url).searchParams.get('customerProfileId') ?? '';
}

/** What a reset staging database does: every user gone, the row ids counting from 1 again. */
async function resetUsers(): Promise<void> {
  const db = server.app.database.db;
  await queryRows(db, sql`truncate users, transactions restart identity cascade`);
  await queryRows(db, sql`delete from jobs where kind like 'payments.%' returning id`);
}

describe('Fawry customer profile ids', () => {
  it('gives a new user a profile id that is not the row id, used by every Fawry call', async () => {
    const planId = await plan(server);
    const buyer = await student(server);
    expect(await fawryProfileIdInDatabase(server, buyer.id)).toBeNull();
    const token = await saveCard(server, buyer, FAWRY_TEST_CARDS.threeDSecure);
    const profileId = await fawryProfileIdInDatabase(server, buyer.id);
    expect(profileId).toMatch(/^3\d{18}$/);
    expect(await cardPageProfileId(buyer)).toBe(profileId);
    expect(fawrySimulator(server).cards(profileId ?? '')).toHaveLength(1);
    expect(fawrySimulator(server).cards(String(buyer.id))).toEqual([]);
    expect((await cardsOf(buyer)).map((card) => card.token)).toEqual([token]);

    // The 3-D Secure charge goes out under the same profile.
    const started = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token),
    );
    expect(started.status).toBe(200);
    expect(started.body.next.kind).toBe('redirect');
    const { orderReference } = await transactionRow(server, started.body.transaction.id);
    const charge = fawrySimulator(server).requests.find(
      (r) =>
        r.path === FAWRY_PATHS.charge &&
        (r.body as { merchantRefNum?: string }).merchantRefNum === orderReference,
    );
    expect((charge?.body as { customerProfileId?: string }).customerProfileId).toBe(profileId);
    const order = fawrySimulator(server)
      .orders()
      .find((o) => o.merchantRefNumber === orderReference);
    expect(order?.customerProfileId).toBe(profileId);
  });

  it('shows a new user none of the cards of the user who had their row id before a reset', async () => {
    await resetUsers();
    const before = await student(server);
    const oldToken = await saveCard(server, before, FAWRY_TEST_CARDS.success);
    const oldProfileId = await fawryProfileIdInDatabase(server, before.id);
    expect(await cardsOf(before)).toHaveLength(1);

    await resetUsers();
    const planId = await plan(server);
    const after = await student(server);
    expect(after.id).toBe(before.id);
    expect(await cardsOf(after)).toEqual([]);
    const newProfileId = await fawryProfileIdInDatabase(server, after.id);
    expect(newProfileId).not.toBe(oldProfileId);

    // Paying with the old user's token is refused by Fawry, and nothing is charged.
    const paid = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      after,
      cardPayment(planId, oldToken),
    );
    expect(paid.status).not.toBe(200);
    const [row] = await queryRows<{ id: number }>(
      server.app.database.db,
      sql`select id from transactions where user_id = ${after.id}`,
    );
    if (!row) throw new Error('no transaction');
    expect((await transactionRow(server, row.id)).status).toBe(TransactionStatus.Failed);
    expect(await subscriptionsOf(server, after.id)).toEqual([]);
    expect(
      fawrySimulator(server)
        .orders()
        .filter((o) => o.customerProfileId === newProfileId),
    ).toEqual([]);

    // Nor can they delete it; it stays the old profile's.
    const removed = await call(server, 'DELETE', '/fawry/card-token', after, { token: oldToken });
    expect(removed.status).toBe(404);
    expect(fawrySimulator(server).cards(oldProfileId ?? '')).toHaveLength(1);
  });

  it('keeps the row id as profile id of a user from before, with their saved cards', async () => {
    await resetUsers();
    const planId = await plan(server);
    const buyer = await student(server);
    // As migration 0021 leaves a user of before: Fawry knows their cards by their row id.
    await queryRows(
      server.app.database.db,
      sql`update users set fawry_customer_profile_id = id::text where id = ${buyer.id}
        returning id`,
    );
    const token = await saveCardOnPage(
      server.app.payments.fawry.cardTokenUrl({
        customerProfileId: String(buyer.id),
        returnUrl: CARD_ADDED,
        locale: 'ar',
      }),
      FAWRY_TEST_CARDS.success,
    );
    expect((await cardsOf(buyer)).map((card) => card.token)).toEqual([token]);
    expect(await cardPageProfileId(buyer)).toBe(String(buyer.id));
    const paid = await call<PaymentStarted>(
      server,
      'POST',
      '/fawry/pay/card',
      buyer,
      cardPayment(planId, token),
    );
    expect(paid.status).toBe(200);
    expect(paid.body.transaction.status).toBe(TransactionStatus.Paid);
  });

  it('gives concurrent first uses one profile id', async () => {
    const buyer = await student(server);
    const seen = await Promise.all([
      ...Array.from({ length: 4 }, () => cardPageProfileId(buyer)),
      ...Array.from({ length: 4 }, async () => {
        await cardsOf(buyer);
        return fawryProfileIdInDatabase(server, buyer.id);
      }),
    ]);
    const stored = await fawryProfileIdInDatabase(server, buyer.id);
    expect(stored).toMatch(/^3\d{18}$/);
    expect(new Set(seen)).toEqual(new Set([stored]));

    // All reading "none yet" before any of them writes: the first write is everyone's answer.
    const ctx = paymentsContextOf(server.app);
    const other = await student(server);
    const claimed = await Promise.all(
      Array.from({ length: 8 }, () => fawryProfileIdOf(ctx, other.id)),
    );
    const otherStored = await fawryProfileIdInDatabase(server, other.id);
    expect(otherStored).toMatch(/^3\d{18}$/);
    expect(new Set(claimed)).toEqual(new Set([otherStored]));
  });
});

describe('migration 0021', () => {
  it('gives the users of before their row id and new users none', async () => {
    // The migrations up to the one before this, then this one, over a user made in between.
    const folder = mkdtempSync(join(tmpdir(), 'talaqa-migrations-'));
    const client = new PGlite({ extensions: { btree_gist } });
    try {
      cpSync(MIGRATIONS_DIR, folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
        entries: { tag: string }[];
      };
      const at = journal.entries.findIndex((e) => e.tag.endsWith('_fawry_customer_profile'));
      expect(at).toBeGreaterThan(0);
      writeFileSync(
        journalPath,
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
      );
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: folder });
      const insert = sql`insert into users (name, email, role) values
        ('Old', 'old@example.com', 4), ('Older', 'older@example.com', 4) returning id`;
      const old = await queryRows<{ id: number }>(db, insert);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const after = await queryRows<{ id: number; profile: string | null }>(
        db,
        sql`select id, fawry_customer_profile_id as profile from users order by id`,
      );
      expect(after).toEqual(old.map(({ id }) => ({ id, profile: String(id) })));
      const [fresh] = await queryRows<{ profile: string | null }>(
        db,
        sql`insert into users (name, email, role) values ('New', 'new@example.com', 4)
          returning fawry_customer_profile_id as profile`,
      );
      expect(fresh?.profile).toBeNull();
    } finally {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
