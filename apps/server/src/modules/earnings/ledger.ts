import { earningTotals } from '@talaqa/domain';
import type { Database } from '../../db';
import { balanceOf, insertLessonCredit, insertLessonReversal } from './repo';

/**
 * The lesson side of the earnings ledger (decision 318), called inside the transaction that
 * settles the lesson, so a lesson is fulfilled and credited together or not at all.
 */

/**
 * Credits a fulfilled lesson's earning to its tutor, once: a second call for the same lesson (a
 * retried job, another instance) changes nothing. True when this call credited it.
 */
export const creditFulfilledLesson = (
  tx: Database,
  credit: { lessonId: number; tutorId: number; amount: number; at: Date },
): Promise<boolean> => insertLessonCredit(tx, credit);

/**
 * Takes a credited lesson back (found later not to have been held) with a reversing entry, once.
 * The balance may go below zero when the money was already withdrawn: later credits cover it
 * before anything more can be withdrawn. Answers the piasters taken back (0: nothing to reverse).
 */
export const reverseLessonCredit = (tx: Database, lessonId: number, at: Date): Promise<number> =>
  insertLessonReversal(tx, lessonId, at);

/** The tutor's available balance in piasters (earned - withdrawn - pending; may be below 0). */
export const tutorAvailable = async (db: Database, tutorId: number): Promise<number> =>
  earningTotals(await balanceOf(db, tutorId)).available;
