/**
 * Earnings: the tutor's per-lesson ledger, balance and withdrawal requests (issue 22). Lessons
 * credit a fulfilled lesson through `creditFulfilledLesson` inside their own transaction.
 */
export { invoiceRoutes } from './routes';
export { invoiceReportRoutes } from './reports-routes';
export { creditFulfilledLesson, reverseLessonCredit, tutorAvailable } from './ledger';
export { receiptFileUses } from './repo';
