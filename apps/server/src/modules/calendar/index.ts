/** Calendar: a person's lessons as a private iCalendar feed. */
export { calendarRoutes } from './routes';
