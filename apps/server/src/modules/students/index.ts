/** Students: a student's own profile (the complete-profile steps). */
export { studentRoutes } from './routes';
