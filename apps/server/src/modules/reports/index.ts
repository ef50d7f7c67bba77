/**
 * Problem reports: a signed-in user's description with a screenshot and the client's log lines;
 * admins list, open and resolve them (docs/decisions/348-problem-reports.md).
 */
export { reportRoutes } from './routes';
export { reportFileUses } from './service';
