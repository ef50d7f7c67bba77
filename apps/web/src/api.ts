import { createApiClient, resolveApiUrl, runtimeConfig } from '@talaqa/api-client';
import type { ImageUploadControls } from '@talaqa/ui';
import { LOCAL_PORTS } from '@talaqa/domain';
import type {
  AuthSession,
  ChangeOwnPasswordBody,
  CodeSentAnswer,
  CreateUserBody,
  EnglishLevel,
  Gender,
  GoogleSignInBody,
  Governorate,
  NotificationMethod,
  PasswordCodeConfirmedAnswer,
  PasswordSignInBody,
  SetOwnPasswordBody,
  StudentProfileBody,
  StudentProfilePatchBody,
  SignUpAnswer,
  TelegramLinkAnswer,
  Topic,
  TutorMeta,
  User,
} from '@talaqa/domain';

/** The API origin: the served runtime config, else VITE_API_URL, else this host on port 4000. */
export const API_BASE_URL = resolveApiUrl(import.meta.env.VITE_API_URL);

/**
 * The one API client of the main app (the only module that talks to @talaqa/api-client). When
 * the session becomes invalid (a 401), the session provider hears it through
 * `api.addSessionInvalidListener` and sends the person to sign in again (spec section 6).
 */
export const api = createApiClient({ baseUrl: API_BASE_URL });

/** The marketing site's origin (terms and privacy pages): runtime config, else this host. */
export function landingUrl(): string {
  return (
    runtimeConfig().landingUrl ??
    import.meta.env.VITE_LANDING_URL ??
    `${location.protocol}//${location.hostname}:${LOCAL_PORTS.landing}`
  );
}

export interface HealthResponse {
  status: string;
}

/** GET /api/v1/health */
export const getHealth = (): Promise<HealthResponse> => api.get<HealthResponse>('/health');

const privately = { private: true } as const;

// ---------------------------------------------------------------------------------------------
// Auth: sign-up, sign-in, Google, passwords

export const authApi = {
  /** POST /user/ : sign-up; answers the new session (201). */
  signUp: (body: CreateUserBody) => api.post<SignUpAnswer>('/user/', body),
  /** POST /auth/password */
  signIn: (body: PasswordSignInBody) => api.post<AuthSession>('/auth/password', body),
  /** POST /auth/google : the ID token handed back by Google (or the local simulator). */
  signInWithGoogle: (body: GoogleSignInBody) => api.post<AuthSession>('/auth/google', body),
  /** PATCH /auth/password : change one's password (without `currentPassword` to set a first one). */
  changePassword: (body: ChangePasswordBody) => api.patch<void>('/auth/password', body, privately),
  /** POST /auth/reset-password : the last step of the forgot-password flow (204). */
  resetPassword: (body: ResetPasswordBody) => api.post<void>('/auth/reset-password', body),
};

/** PATCH /auth/password: with the current password, or without it to set a first one. */
export type ChangePasswordBody = ChangeOwnPasswordBody | SetOwnPasswordBody;

export interface ResetPasswordBody {
  resetToken: string;
  password: string;
  passwordConfirmation: string;
}

// ---------------------------------------------------------------------------------------------
// Confirmation codes: e-mail, phone, forgotten password

export const codesApi = {
  /** POST /confirmation-code/email/send (no body) */
  sendEmailCode: () =>
    api.post<CodeSentAnswer>('/confirmation-code/email/send', undefined, privately),
  /** POST /confirmation-code/email/confirm */
  confirmEmailCode: (code: string) =>
    api.post<{ user: User }>('/confirmation-code/email/confirm', { code }, privately),
  /** POST /confirmation-code/phone/send : over the user's notification method. */
  sendPhoneCode: (phone: string) =>
    api.post<CodeSentAnswer>('/confirmation-code/phone/send', { phone }, privately),
  /**
   * POST /confirmation-code/phone/telegram-link (ours, not the spec's): the bot's deep link for
   * this phone; Start and sharing the number there let codes arrive over Telegram.
   */
  telegramLink: (phone: string) =>
    api.post<TelegramLinkAnswer>('/confirmation-code/phone/telegram-link', { phone }, privately),
  /** POST /confirmation-code/phone/verify */
  verifyPhoneCode: (code: string) =>
    api.post<{ user: User }>('/confirmation-code/phone/verify', { code }, privately),
  /** POST /confirmation-code/password/send : answers the same whether the e-mail exists or not. */
  sendPasswordCode: (email: string) =>
    api.post<CodeSentAnswer>('/confirmation-code/password/send', { email }),
  /** POST /confirmation-code/password/confirm */
  confirmPasswordCode: (email: string, code: string) =>
    api.post<PasswordCodeConfirmedAnswer>('/confirmation-code/password/confirm', { email, code }),
};

// ---------------------------------------------------------------------------------------------
// Users and students

/** The fields of PUT /user/{id} (profileFieldsSchema), plus a tutor's `bio` and `about`. */
export interface ProfileUpdateBody {
  name?: string;
  birthYear?: number | null;
  gender?: Gender | null;
  city?: Governorate | null;
  job?: string | null;
  aim?: string | null;
  level?: EnglishLevel | null;
  notificationMethod?: NotificationMethod;
  bio?: string;
  about?: string;
}

/** POST /student/ (all of the main info) and PATCH /student/ (some of it): the domain's bodies. */
export type { StudentProfileBody, StudentProfilePatchBody };

export const userApi = {
  /** GET /user/current (401 when signed out). */
  current: (signal?: AbortSignal) => api.get<User>('/user/current', { ...privately, signal }),
  /** PUT /user/{id} : a partial profile. */
  update: (id: number, body: ProfileUpdateBody) => api.put<User>(`/user/${id}`, body, privately),
  /** PUT /user/asset : multipart field `image` (JPG, PNG or GIF, at most 5 MiB). */
  uploadImage: (file: File, { onProgress, signal }: ImageUploadControls) => {
    const form = new FormData();
    form.append('image', file);
    return api.upload<User>('/user/asset', form, {
      ...privately,
      method: 'PUT',
      onProgress,
      signal,
    });
  },
  /** GET /assets/uploads/{name}, read as a blob (the request carries the session). */
  asset: (name: string, signal?: AbortSignal) =>
    api.get<Blob>(`/assets/uploads/${encodeURIComponent(name)}`, {
      responseType: 'blob',
      signal,
    }),
};

export const studentApi = {
  /** POST /student/ : the complete-profile main info. */
  create: (body: StudentProfileBody) => api.post<User>('/student/', body, privately),
  /** PATCH /student/ : only the fields sent change (studentProfilePatchBodySchema). */
  update: (body: StudentProfilePatchBody) => api.patch<User>('/student/', body, privately),
};

export const tutorApi = {
  /** GET /user/tutor/meta : the signed-in tutor's bio, about and what the profile still misses. */
  meta: (signal?: AbortSignal) => api.get<TutorMeta>('/user/tutor/meta', { ...privately, signal }),
};

// ---------------------------------------------------------------------------------------------
// Topics

export const topicsApi = {
  /** GET /topic/list */
  list: (signal?: AbortSignal) => api.get<Topic[]>('/topic/list', { signal }),
  /** GET /topic/of/user */
  ofUser: (signal?: AbortSignal) => api.get<Topic[]>('/topic/of/user', { ...privately, signal }),
  /** PATCH /topic/of/user : replaces the favourites. */
  setOfUser: (topicIds: number[]) => api.patch<Topic[]>('/topic/of/user', { topicIds }, privately),
};
