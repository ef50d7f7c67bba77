/**
 * The audit log (issue 23 item 11): `audited` runs an admin's action with its row in one
 * transaction; `recordAdminAction` writes the row inside a transaction a service already holds.
 */
export { auditRoutes } from './routes';
export { audited, recordAdminAction } from './service';
export type { AdminAction } from './service';
