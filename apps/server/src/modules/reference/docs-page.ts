/**
 * The readable API reference at /api/docs: Swagger UI (@fastify/swagger-ui, its files served
 * from node_modules, nothing from a CDN) reading GET /api/v1/openapi.json. Only where developers
 * and testers look (APP_ENV local and staging); production answers 404 there, and the document
 * itself stays public in every environment.
 */
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API, API_PREFIX } from '@talaqa/domain';
import type { Environment } from '@talaqa/domain';

export const DOCS_PREFIX = '/api/docs';

export const docsPageServed = (env: Environment): boolean => env === 'local' || env === 'staging';

/**
 * The one `<style>` element Swagger UI draws: the colours of its logo (an SVG of its standalone
 * preset) that React renders before the plugin puts its own logo in its place. Let in by its
 * hash, so no other inline style is; a Swagger UI with another logo fails the test that reads
 * its files.
 */
const SWAGGER_UI_LOGO_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The page's own policy, in place of the API's `default-src 'none'`: Swagger UI's script and
 * style files, the images its stylesheet inlines as data: URLs, and requests to this origin only
 * (the document and "Try it out"). No inline script: its start-up code is a file too.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${SWAGGER_UI_LOGO_STYLE_HASH}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The catalogue's Arabic messages (the fourth column of its table, the only table of the
 * introduction that has one) read and align right to left; columns keep some air between them.
 */
const THEME_CSS = `.swagger-ui .info .renderedMarkdown th,
.swagger-ui .info .renderedMarkdown td {
  padding-inline-end: 1.5em;
}
.swagger-ui .info .renderedMarkdown th:nth-child(4),
.swagger-ui .info .renderedMarkdown td:nth-child(4) {
  direction: rtl;
  text-align: right;
}
`;

export async function docsPage(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
    theme: {
      title: 'Talaqa API reference',
      css: [{ filename: 'talaqa.css', content: THEME_CSS }],
    },
    uiConfig: {
      // The contract's endpoint, rather than the plugin's own copy of the document.
      urls: [{ url: `${API_PREFIX}${API.reference.openapi.path}`, name: 'Talaqa API v1' }],
      deepLinking: true,
      displayOperationId: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      showExtensions: true,
      tryItOutEnabled: false,
    },
  });
}
