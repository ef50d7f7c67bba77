import { LOCAL_PORTS } from '@talaqa/domain';

/**
 * Where the apps find each other, decided when they are served rather than when they are built,
 * so one build runs on any host and ports. The server that serves a built app answers
 * `/runtime-config.js`, which sets `window.__TALAQA_CONFIG__` before the app starts; the copy in
 * each app's `public/` (used by the Vite dev server) leaves it empty.
 */
export interface RuntimeConfig {
  apiUrl?: string;
  webUrl?: string;
  adminUrl?: string;
  landingUrl?: string;
  /** Google sign-in: the OAuth client id and the authorization endpoint (Google's or the local simulator's). */
  googleClientId?: string;
  googleAuthUrl?: string;
}

declare global {
  var __TALAQA_CONFIG__: RuntimeConfig | undefined;
}

export function runtimeConfig(): RuntimeConfig {
  return globalThis.__TALAQA_CONFIG__ ?? {};
}

function sameHostOnPort(port: number): string {
  return `${location.protocol}//${location.hostname}:${port}`;
}

/** The API origin: the served runtime config, else the build-time value, else this host on 4000. */
export function resolveApiUrl(buildTimeUrl?: string): string {
  return runtimeConfig().apiUrl ?? buildTimeUrl ?? sameHostOnPort(LOCAL_PORTS.api);
}

/** The main app's origin, for links from the marketing site and the admin dashboard. */
export function resolveWebUrl(buildTimeUrl?: string): string {
  return runtimeConfig().webUrl ?? buildTimeUrl ?? sameHostOnPort(LOCAL_PORTS.web);
}
