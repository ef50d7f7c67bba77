/** Business constants and limits of spec section 9. Money is in piasters (EGP x 100). */

export const MONEY_SCALER = 100;
export const CURRENCY = 'EGP';
export const LOCALE = 'ar-EG';
export const TIME_ZONE = 'Africa/Cairo';

export const WITHDRAWAL_MIN_EGP = 100;
export const WITHDRAWAL_MAX_EGP = 50_000;
export const WITHDRAWAL_MIN_PIASTERS = WITHDRAWAL_MIN_EGP * MONEY_SCALER;
export const WITHDRAWAL_MAX_PIASTERS = WITHDRAWAL_MAX_EGP * MONEY_SCALER;
/** Business days a withdrawal takes to process, as told to the tutor. */
export const WITHDRAWAL_PROCESSING_DAYS = { min: 4, max: 5 } as const;

export const VERIFICATION_CODE_LENGTH = 5;
/** Seconds before another code of the same purpose may be sent (the forms count them down). */
export const CODE_RESEND_SECONDS = 60;
/**
 * Password-reset codes that may die of wrong tries per account in 24 hours; past it no new reset
 * code is sent until the day is over, and the owner is told once (issue 15).
 */
export const RESET_CODES_DEAD_PER_DAY = 5;

export const INTERVIEW_MINUTES = 30;
export const DEMO_SESSION_MINUTES = 30;
export const REAPPLY_AFTER_REJECTION_MONTHS = 3;
export const INTERVIEW_REBOOK_AFTER_MONTHS = 6;
export const DEMO_SESSIONS_PER_TUTOR = 1;
export const INTRO_VIDEOS_PER_TUTOR = 1;
/** The photo-session intro video is "about one minute". */
export const PHOTO_SESSION_VIDEO_SECONDS = 60;

export const WEEK_MINUTES = 10_080;
export const LESSON_REMINDER_MINUTES_BEFORE = [24 * 60, 60] as const;
export const NOTICE_PERIOD_PLACEHOLDER_MINUTES = 30;

export const DEFAULT_PAGE_SIZE = 10;
export const TOAST_DURATION_MS = 4000;
export const TOAST_POSITION = 'top-left' as const;

export const SOCKET_TIMEOUT_MS = 20_000;
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
export const SOCKET_RECONNECTION_DELAY_MAX_MS = 5000;
export const SOCKET_RANDOMIZATION_FACTOR = 0.5;

export const UPLOAD_CHUNK_BYTES = 64 * 1024;
/** Base64 grows a binary by about a third. */
export const BINARY_SIZE_FACTOR = 1.33;

/** Spec breakpoints, in CSS pixels. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;

export const REMEMBER_ME_DEFAULT = true;
/**
 * A session's absolute lifetime: refreshing never carries it past this long after the sign-in
 * (the access token's `auth_time`); then the user signs in again.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/**
 * A device token's lifetime (issue 15): the proof that this browser once signed in to an account,
 * which lets its password tries be counted apart from everyone else's at the same address.
 */
export const DEVICE_TOKEN_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** The longest device token a sign-in body may carry (ours are about 300 characters). */
export const DEVICE_TOKEN_MAX_LENGTH = 2048;
/** How many accounts' device tokens a browser keeps (the oldest goes first). */
export const DEVICE_TOKENS_KEPT = 5;
export const QUERY_RETRY = 1;

/** The two local-storage keys of the client session (spec section 3). */
export const STORAGE_KEYS = {
  currentUser: 'talaqa.current-user',
  authToken: 'talaqa.auth-token',
  pageSize: 'talaqa.page-size',
  /** E-mail (lower-cased) -> device token; kept at sign-out, on purpose (issue 15). */
  deviceTokens: 'talaqa.device-tokens',
} as const;

export const ENVIRONMENTS = ['local', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Local ports: API, messenger and echo from the spec; the apps' ports are our choice. */
export const LOCAL_PORTS = {
  api: 4000,
  messenger: 4002,
  echo: 4004,
  web: 4100,
  admin: 4200,
  landing: 4300,
} as const;

export const API_PREFIX = '/api/v1';

/**
 * The support chat (spec section 1: "a support chat link exists"): a WhatsApp number, digits of
 * the international form without "+". The spec gives no number; this one is ours to replace by
 * the support line before launch (docs/decisions/301-product-content.md). Footers, the web app's
 * account menu and the content pages all read `SUPPORT_WHATSAPP_URL`.
 */
export const SUPPORT_WHATSAPP_NUMBER = '201000000000';
export const SUPPORT_WHATSAPP_URL = `https://wa.me/${SUPPORT_WHATSAPP_NUMBER}`;
/** The support line as people read it (Egyptian local form). */
export const SUPPORT_WHATSAPP_DISPLAY = '0100 000 0000';
