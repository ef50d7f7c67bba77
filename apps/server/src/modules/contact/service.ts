import type { ContactRequest, ContactRequestAdminView, ContactRequestPage } from '@talaqa/domain';
import { AppError } from '../../errors';
import type { ServiceContext } from '../../context';
import type { Identity } from '../../http/access';
import {
  insertContactRequestRow,
  listContactRequestRows,
  setContactRequestHandled,
  toAdminView,
} from './repo';

type Ctx = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * Stores a message sent from `/contact`. A signed-in sender is answered at their account's
 * address unless they typed another; a visitor must give one, or nobody could answer them.
 */
export async function sendContactRequest(
  { db, clock }: Ctx,
  sender: Identity | null,
  body: { title: string; message: string; email?: string | undefined },
): Promise<ContactRequest> {
  if (!sender && body.email === undefined) {
    throw new AppError('bad-request', 'A visitor must give an e-mail to be answered at', {
      fields: [{ path: 'email', code: 'required' }],
    });
  }
  const row = await insertContactRequestRow(db, {
    userId: sender?.userId ?? null,
    email: body.email ?? null,
    title: body.title,
    message: body.message,
    createdAt: clock.now(),
  });
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listContactRequests(
  { db }: Pick<ServiceContext, 'db'>,
  query: { page: number; size: number; handled?: boolean | undefined },
): Promise<ContactRequestPage> {
  const { rows, total } = await listContactRequestRows(db, query);
  return { list: rows.map(toAdminView), total };
}

export async function markContactRequest(
  { db, clock }: Ctx,
  admin: Identity,
  id: number,
  handled: boolean,
): Promise<ContactRequestAdminView> {
  const row = await setContactRequestHandled(
    db,
    id,
    handled ? { at: clock.now(), by: admin.userId } : null,
  );
  if (!row) throw new AppError('not-found', 'No such contact request');
  return toAdminView(row);
}
