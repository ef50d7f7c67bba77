export { DOCS_PREFIX, docsPage, docsPageServed } from './docs-page';
export { openApiDocument } from './document';
export { referenceRoutes } from './routes';
