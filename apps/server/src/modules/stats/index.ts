/**
 * Statistics: the public figures of the marketing home (listed tutors, lessons given) and the
 * tutor and student dashboards' figures by Cairo week (decision 327).
 */
export { statsRoutes } from './routes';
export { publicStatsReader } from './service';
