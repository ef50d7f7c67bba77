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
 * out: the apps read the API and its uploads on another origin and Google's sign-in script, and
 * those origins come from the configuration (docs/decisions.md). Google's sign-in needs the
 * opener of its pop-up and the page's origin as referrer.
 */
export const documentSecurityHeaders = (): Record<string, string> =>
  securityHeadersOf({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

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
