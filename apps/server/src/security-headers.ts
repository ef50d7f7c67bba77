import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * The security headers of the API's answers: JSON and uploaded files, never a page a browser
 * renders for us. These are the ones the OWASP REST Security Cheat Sheet asks of an API: no
 * sniffing a type, no framing, nothing loaded or run if an answer is opened as a document, HTTPS
 * only. Helmet's other headers (referrer, opener, DNS prefetch, download and Flash policies, the
 * old XSS filter) only mean something for HTML pages, which the static apps serve with their own
 * set (`documentSecurityHeaders`); sent on every answer they made a cached list page a third
 * bigger than its gzipped body and cost a measurable share of its requests per second
 * (bench/RESULTS.md).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  // The apps run on other origins than the API and embed its images and videos.
  'cross-origin-resource-policy': 'cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/**
 * The headers Helmet sets with these options, gathered once: without functions in the options
 * they do not depend on the request, so Helmet's dozen middlewares need not run per request.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * The static apps' pages: Helmet's set for HTML documents. Its content security policy is left
 * to `appContentSecurityPolicy`, which needs the API's origin (from the configuration, or the
 * page's host name). Google's sign-in needs the opener of its pop-up and the page's origin as
 * referrer.
 */
export const documentSecurityHeaders = (): Record<string, string> =>
  securityHeadersOf({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

/** ws: for http:, wss: for https: (socket.io upgrades its polling connection to a WebSocket). */
const socketOriginOf = (apiOrigin: string): string =>
  apiOrigin.replace(/^http(s?):/, (_match, secure: string) => `ws${secure}:`);

/**
 * The content security policy of the web, admin and landing apps
 * (docs/decisions/205-app-content-security-policy.md). Scripts only from the app's own origin (its
 * bundle and /runtime-config.js; Google sign-in is a full-page redirect, no Google script is
 * loaded); requests only to the app itself and the API (HTTP and the socket); images and videos
 * from the API or as blob:/data: URLs (uploads are fetched with the token and shown as blob: URLs);
 * no plugin, frame or base change; forms post nowhere but the app (payments and Google are
 * navigations, not form posts); no page may frame an app. Style elements may be inline: Radix's
 * dialogs inject one to lock scrolling (react-remove-scroll-bar); style attributes may not (React's
 * `style` props go through the CSSOM, which a policy does not restrict).
 */
export function appContentSecurityPolicy(apiOrigin: string): string {
  const api = new URL(apiOrigin).origin;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['style-src-elem', "'self'", "'unsafe-inline'"],
    ['style-src-attr', "'none'"],
    ['img-src', "'self'", 'data:', 'blob:', api],
    ['media-src', "'self'", 'blob:', api],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", api, socketOriginOf(api)],
    ['worker-src', "'none'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The given headers on every answer of the server it is registered on. */
export const securityHeaders = fp(
  async (app, headers: Readonly<Record<string, string>>) => {
    app.addHook('onRequest', (_request, reply, next) => {
      reply.headers(headers);
      next();
    });
  },
  { name: 'security-headers' },
);
