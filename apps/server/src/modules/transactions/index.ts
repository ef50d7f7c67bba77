/** Transactions: payments as the API shows them (lists, one transaction's view). */
export { transactionRoutes } from './routes';
export { findTransactionRow, viewOfRow } from './repo';
