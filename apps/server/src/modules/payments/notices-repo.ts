import { eq } from 'drizzle-orm';
import type { NotificationMethod } from '@talaqa/domain';
import type { Database } from '../../db';
import { plans, transactions, users } from '../../db/schema';
import type { TransactionRow } from '../../db/schema';

/** The buyer as a receipt needs them: name, and how they are reached. */
export interface NoticeBuyer {
  id: number;
  name: string;
  email: string;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  notificationMethod: NotificationMethod;
}

export interface ReceiptTransaction {
  row: TransactionRow;
  buyer: NoticeBuyer;
  /** The plan's weekly minutes (its name), when the transaction bought a plan. */
  planWeeklyMinutes: number | null;
}

export async function findReceiptTransaction(
  db: Database,
  id: number,
): Promise<ReceiptTransaction | undefined> {
  const [found] = await db
    .select({
      row: transactions,
      buyer: {
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        phone: users.phone,
        phoneVerified: users.phoneVerified,
        notificationMethod: users.notificationMethod,
      },
      planWeeklyMinutes: plans.weeklyMinutes,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(plans, eq(plans.id, transactions.planId))
    .where(eq(transactions.id, id));
  return found;
}
