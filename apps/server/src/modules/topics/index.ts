/** Topics: the catalogue of conversation topics people pick as favourites. */
export { topicRoutes } from './routes';
