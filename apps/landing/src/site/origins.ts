/**
 * Where the site and the main app are is decided when a page is served, not when it is built
 * (record 355), as `/runtime-config.js` does for the single-page apps: the build writes these
 * reserved origins (`.invalid` never resolves), and the server that serves a page puts the real
 * ones in their place. One build runs on any host name and ports.
 */
export const SITE_ORIGIN_MARK = 'https://site.talaqa.invalid';
export const WEB_ORIGIN_MARK = 'https://app.talaqa.invalid';

/** A page's text with the real origins in place of the marks. */
export function withOrigins(text: string, origins: { site: string; web: string }): string {
  return text.replaceAll(SITE_ORIGIN_MARK, origins.site).replaceAll(WEB_ORIGIN_MARK, origins.web);
}
