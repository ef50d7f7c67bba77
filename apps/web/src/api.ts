import { buildApiUrl } from '@talaqa/api-client';
import { API_BASE_URL, api, deviceTokens } from './client';
import { forgetCampaign, withKeptCampaign } from './lib/campaign';
import type { ImageUploadControls } from '@talaqa/ui';
import type {
  BookLessonBody,
  DemoSessionListQuery,
  InterviewListQuery,
  IntroVideoListQuery,
  UpdateDemoSessionBody,
  UpdateInterviewBody,
  ReviewIntroVideoBody,
  RatingCreateBody,
  RatingEditBody,
  TutorListQuery,
  TutorReviewsQuery,
} from '@talaqa/domain';
import type {
  NewChatInput,
  RoomMessagesQuery,
  RoomSettingsInput,
  UserRoomsQuery,
} from '@talaqa/domain';
import {
  API,
  API_PREFIX,
  INVOICE_RECEIPT_FIELD,
  INVOICE_UPDATE_DATA_FIELD,
  REPORT_FORM_FIELDS,
  isSignUpSession,
  pathOf,
} from '@talaqa/domain';
import type {
  BookDemoSessionBody,
  BookInterviewBody,
  InvoiceListQuery,
  InvoiceUpdate,
  LedgerQuery,
  WithdrawalRequestInput,
} from '@talaqa/domain';
import type {
  AvailabilityBody,
  AvailabilityQuery,
  LessonListQuery,
  LessonStatsQuery,
  RescheduleLessonBody,
} from '@talaqa/domain';
import type {
  CreateUserBody,
  InviteAcceptBody,
  GoogleSignInBody,
  OwnPasswordBody,
  PasswordSignInBody,
  PhoneCodeChannel,
  ResetPasswordBody,
  StudentProfileBody,
  StudentProfilePatchBody,
  UpdateUserBody,
  CancelSubscriptionBody,
  FawryCardPaymentBody,
  FawryInstallmentPaymentBody,
  FawryReferencePaymentBody,
  FawryWalletPaymentBody,
  PaymobCheckoutBody,
  PlanListQuery,
  SignUpAnswer,
  TransactionListQuery,
} from '@talaqa/domain';

/**
 * The endpoints the pages call, by their contracts (loaded with the pages, never on the first
 * load). The client itself and the shell's calls live in ./client (decision 308); the pages find
 * the client here too.
 */
export { API_BASE_URL, api, deviceTokens, landingUrl } from './client';

/**
 * The address of a stored video or thumbnail (GET /assets/media/{name}) for `<video src>` and
 * `poster`: the browser streams it by range, so it seeks without downloading the whole file.
 * Published media are public; a video under review comes with its own signed link instead.
 */
export const mediaUrl = (name: string): string =>
  buildApiUrl(API_BASE_URL, pathOf(API.media.file.path, { name }));

/**
 * A media link as the server hands it (`videoUrl`, `thumbnailUrl`: a path under /api/v1, signed
 * while the video is private), made absolute against the API's origin for `<video src>`.
 */
export function apiLinkUrl(link: string): string {
  const path = link.startsWith(API_PREFIX) ? link.slice(API_PREFIX.length) : link;
  return buildApiUrl(API_BASE_URL, path);
}

// ---------------------------------------------------------------------------------------------
// Auth: sign-up, sign-in, Google, passwords

export const authApi = {
  /** Sign-up; answers the new session (201). */
  signUp: async (body: CreateUserBody): Promise<SignUpAnswer> => {
    // Every way of signing up carries the campaign that brought this browser (record 351).
    const answer = await api.call(API.users.create, { body: withKeptCampaign(body) });
    // Only an admin's call is answered without a session, and this app signs nobody up for others.
    if (!isSignUpSession(answer)) throw new Error('The sign-up answered no session');
    forgetCampaign();
    return answer;
  },
  /** The invite of a link's token (record 343): its address and role, while it can be used. */
  checkInvite: (token: string) => api.call(API.invites.check, { body: { token } }),
  /** Signs up with an invite: the account gets the invited address (verified) and role. */
  acceptInvite: async (body: InviteAcceptBody) => {
    const answer = await api.call(API.invites.accept, { body: withKeptCampaign(body) });
    forgetCampaign();
    return answer;
  },
  /** A password sign-in, with this device's token for the e-mail when it has one. */
  signIn: (body: PasswordSignInBody) => {
    const deviceToken = deviceTokens.get(body.email);
    return api.call(API.auth.signIn, { body: deviceToken ? { ...body, deviceToken } : body });
  },
  /** The ID token handed back by Google (or the local simulator). */
  /** Carries the campaign: kept by the server only when this sign-in makes the account. */
  signInWithGoogle: (body: GoogleSignInBody) =>
    api.call(API.auth.signInWithGoogle, { body: withKeptCampaign(body) }),
  /**
   * Change one's password (without `currentPassword` to set a first one). Every other session
   * ends; the answer is this device's fresh token (store it).
   */
  changePassword: (body: OwnPasswordBody) => api.call(API.auth.changePassword, { body }),
  /** Ends every session; the answer is this device's fresh token. */
  signOutAll: () => api.call(API.auth.signOutAll),
  /** The last step of the forgot-password flow (204). */
  resetPassword: (body: ResetPasswordBody) => api.call(API.auth.resetPassword, { body }),
};

// ---------------------------------------------------------------------------------------------
// Confirmation codes: e-mail, phone, forgotten password

export const codesApi = {
  sendEmailCode: () => api.call(API.codes.sendEmailCode),
  confirmEmailCode: (code: string) => api.call(API.codes.confirmEmailCode, { body: { code } }),
  /** Over `channel`, else the notification method's app. */
  sendPhoneCode: (phone: string, channel?: PhoneCodeChannel) =>
    api.call(API.codes.sendPhoneCode, { body: { phone, channel } }),
  /**
   * Ours, not the spec's: the bot's deep link for this phone; Start and sharing the number there
   * let codes arrive over Telegram.
   */
  telegramLink: (phone: string) => api.call(API.telegram.link, { body: { phone } }),
  /**
   * Ours (issue 16): whether the newest WhatsApp code arrived; WhatsApp reports a number it
   * cannot reach only after the send has answered.
   */
  phoneCodeDelivery: () => api.call(API.whatsapp.phoneCodeDelivery),
  verifyPhoneCode: (code: string) => api.call(API.codes.verifyPhoneCode, { body: { code } }),
  /** Answers the same whether the e-mail exists or not. */
  sendPasswordCode: (email: string) => api.call(API.codes.sendPasswordCode, { body: { email } }),
  confirmPasswordCode: (email: string, code: string) =>
    api.call(API.codes.confirmPasswordCode, { body: { email, code } }),
};

// ---------------------------------------------------------------------------------------------
// Users and students

export const userApi = {
  /** A partial profile (a tutor's `bio` and `about` too). */
  update: (id: number, body: UpdateUserBody) =>
    api.call(API.users.update, { params: { id }, body }),
  /** Multipart field `image` (JPG, PNG or GIF, at most 5 MiB). */
  uploadImage: (file: File, { onProgress, signal }: ImageUploadControls) => {
    const form = new FormData();
    form.append(API.assets.uploadImage.upload.field, file);
    return api.uploadTo(API.assets.uploadImage, form, { onProgress, signal });
  },
  /** A stored upload, read as a blob (the request carries the session). */
  asset: (name: string, signal?: AbortSignal) =>
    api.call(API.assets.file, { params: { name } }, { signal }),
};

export const studentApi = {
  /** The complete-profile main info. */
  create: (body: StudentProfileBody) => api.call(API.students.create, { body }),
  /** Only the fields sent change (studentProfilePatchBodySchema). */
  update: (body: StudentProfilePatchBody) => api.call(API.students.update, { body }),
};

export const tutorApi = {
  /** The signed-in tutor's bio, about and what the profile still misses. */
  meta: (signal?: AbortSignal) => api.call(API.tutors.meta, {}, { signal }),
};

// ---------------------------------------------------------------------------------------------
// Topics

export const topicsApi = {
  list: (signal?: AbortSignal) => api.call(API.topics.list, {}, { signal }),
  /** The signed-in user's favourites. */
  ofUser: (signal?: AbortSignal) => api.call(API.topics.ofUser, {}, { signal }),
  /** Replaces the favourites. */
  setOfUser: (topicIds: number[]) => api.call(API.topics.setOfUser, { body: { topicIds } }),
};

// ---------------------------------------------------------------------------------------------
// Plans, coupons, payments, subscriptions and transactions (issue 5; the contracts are
// API.plans, API.coupons, API.fawry, API.paymob, API.subscriptions and API.transactions).
// Money is whole piasters in every field.

export const plansApi = {
  /** The plans the caller may buy (active, open to all or invited). */
  list: (query: PlanListQuery = {}, signal?: AbortSignal) =>
    api.call(API.plans.list, { query }, { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.call(API.plans.get, { params: { id } }, { signal }),
};

export const couponsApi = {
  /**
   * The coupon when usable now (`coupon-not-found`, `expired-coupon`, `invalid-coupon-code`
   * otherwise).
   */
  byCode: (code: string, signal?: AbortSignal) =>
    api.call(API.coupons.byCode, { params: { code } }, { signal }),
};

/**
 * Paying. The idempotency key travels in the body and, from the contract, as the
 * `Idempotency-Key` header, so a repeated click or a retried request is charged once.
 */
export const paymentsApi = {
  /** A saved card and its CVV; may answer `redirect` (3-D Secure). */
  payByCard: (body: FawryCardPaymentBody) => api.call(API.fawry.payByCard, { body }),
  /** A reference number to pay at a Fawry outlet. */
  payByReference: (body: FawryReferencePaymentBody) => api.call(API.fawry.payByReference, { body }),
  /** A request to the mobile wallet of `walletPhone`. */
  payByWallet: (body: FawryWalletPaymentBody) => api.call(API.fawry.payByWallet, { body }),
  /** A saved card paid in 2, 3 or 4 bank installments. */
  payByInstallments: (body: FawryInstallmentPaymentBody) =>
    api.call(API.fawry.payByInstallments, { body }),
  /** Paymob's hosted checkout page for this purchase. */
  paymobCheckout: (body: PaymobCheckoutBody) => api.call(API.paymob.checkout, { body }),
  /** The caller's unpaid (New) order becomes Canceled. */
  cancelUnpaidOrder: (transactionId: number) =>
    api.call(API.fawry.cancelUnpaidOrder, { body: { transactionId } }),
  /** The stored transaction and what the provider says now. */
  status: (transactionId: number, signal?: AbortSignal) =>
    api.call(API.fawry.paymentStatus, { query: { transactionId } }, { signal }),
  /** Asks the provider now; answers the updated transaction. */
  syncStatus: (transactionId: number) =>
    api.call(API.fawry.syncPaymentStatus, { body: { transactionId } }),
  /** Whether bank installments are offered (off until confirmed). */
  methods: (signal?: AbortSignal) => api.call(API.fawry.paymentMethods, {}, { signal }),
};

export const cardsApi = {
  /** The caller's cards saved with Fawry. */
  list: (signal?: AbortSignal) => api.call(API.fawry.listCards, {}, { signal }),
  /** Forgets a card: the token in the body, out of access logs. */
  remove: (token: string) => api.call(API.fawry.deleteCard, { body: { token } }),
  /** Fawry's page for saving a card, returning to `returnUrl`. */
  addUrl: (returnUrl: string) => api.call(API.fawry.addCardUrl, { query: { returnUrl } }),
};

export const subscriptionsApi = {
  /** The caller's active subscription, or null. */
  current: (signal?: AbortSignal) => api.call(API.subscriptions.current, {}, { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.call(API.subscriptions.get, { params: { id } }, { signal }),
  /** A student cancels their own active subscription (no id). */
  cancel: (body: CancelSubscriptionBody = {}) => api.call(API.subscriptions.cancel, { body }),
};

export const transactionsApi = {
  get: (id: number, signal?: AbortSignal) =>
    api.call(API.transactions.get, { params: { id } }, { signal }),
  /** The caller's own transactions, newest first by default. */
  list: (query: TransactionListQuery = {}, signal?: AbortSignal) =>
    api.call(API.transactions.list, { query }, { signal }),
  /** The caller's newest transaction, or null. */
  last: (signal?: AbortSignal) => api.call(API.transactions.last, {}, { signal }),
};

export const invoicesApi = {
  /** POST /invoice: the tutor asks to withdraw part of the available balance. */
  create: (body: WithdrawalRequestInput) => api.call(API.invoices.create, { body }),
  list: (query: InvoiceListQuery = {}, signal?: AbortSignal) =>
    api.call(API.invoices.list, { query }, { signal }),
  stats: (id: number, signal?: AbortSignal) =>
    api.call(API.invoices.stats, { params: { id } }, { signal }),
  ledger: (query: LedgerQuery = {}, signal?: AbortSignal) =>
    api.call(API.invoices.ledger, { query }, { signal }),
  /** GET /invoice/statement: the tutor's Cairo month of the ledger (decision 335). */
  statement: (month: string, signal?: AbortSignal) =>
    api.call(API.invoiceReports.statement, { query: { month } }, { signal }),
  /** A transfer receipt, as a blob (its tutor and admins only). */
  receipt: (name: string) => api.call(API.invoices.receipt, { params: { name } }),
  /** PUT /invoice/{id}/with/asset: `data` as JSON, with the receipt image when there is one. */
  update: (id: number, data: InvoiceUpdate, receipt?: File) => {
    const form = new FormData();
    form.set(INVOICE_UPDATE_DATA_FIELD, JSON.stringify(data));
    if (receipt) form.set(INVOICE_RECEIPT_FIELD, receipt);
    return api.uploadTo(API.invoices.update, form, { params: { id } });
  },
};

// ---------------------------------------------------------------------------------------------
// Intro videos (issue 21 item 2; contracts in packages/domain/src/media, record 312)

/** What the intro-video upload receives besides the file and its duration. */
export interface VideoUploadControls {
  /** Fraction in [0, 1]. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/** The signed-in tutor's onboarding steps and whether they are onboarded and listed (issue 21). */
export const onboardingApi = {
  own: (signal?: AbortSignal) => api.call(API.onboarding.own, { query: {} }, { signal }),
};

export const introVideoApi = {
  /** A tutor: their own video (a page of none or one); staff: the review queue, oldest first. */
  list: (query: IntroVideoListQuery = {}, signal?: AbortSignal) =>
    api.call(API.introVideos.list, { query }, { signal }),
  /**
   * POST /intro-video/with/asset: the seconds the browser read (the server measures again) and
   * the video, with progress and cancel.
   */
  upload: (file: File, durationSeconds: number, { onProgress, signal }: VideoUploadControls) => {
    const form = new FormData();
    form.append('duration', String(durationSeconds));
    form.append(API.introVideos.upload.upload.field, file);
    return api.uploadTo(API.introVideos.upload, form, { onProgress, signal });
  },
  /** A tutor manager's or an admin's decision on a pending video. */
  review: (id: number, body: ReviewIntroVideoBody) =>
    api.call(API.introVideos.review, { params: { id }, body }),
};

/** Interviews (issue 21 item 3, record 314; contract in packages/domain/src/interviews). */
export const interviewApi = {
  /** A tutor's own, a manager's own (as interviewer), every one for admins; newest first. */
  list: (query: InterviewListQuery = {}, signal?: AbortSignal) =>
    api.call(API.interviews.list, { query }, { signal }),
  /** Cancels, decides (Passed/Rejected with feedback and level) or annotates an interview. */
  update: (body: UpdateInterviewBody) => api.call(API.interviews.update, { body }),
  /** GET /user/interviewer/select: the active tutor managers. */
  interviewers: (signal?: AbortSignal) => api.call(API.interviews.interviewers, {}, { signal }),
  /** GET /interview/select: one manager's free 30-minute starts, or every active manager's. */
  times: (interviewerId: number | null, signal?: AbortSignal) =>
    api.call(
      API.interviews.times,
      { query: interviewerId === null ? {} : { interviewerId } },
      { signal },
    ),
  book: (body: BookInterviewBody) => api.call(API.interviews.book, { body }),
};

/** Demo sessions (issue 21 item 4, record 315). */
export const demoSessionApi = {
  list: (query: DemoSessionListQuery = {}, signal?: AbortSignal) =>
    api.call(API.demoSessions.list, { query }, { signal }),
  /** Cancels, decides (Passed/Rejected with feedback) or annotates a demo session. */
  update: (body: UpdateDemoSessionBody) => api.call(API.demoSessions.update, { body }),
  book: (body: BookDemoSessionBody) => api.call(API.demoSessions.book, { body }),
};

// The realtime channel lives in ./realtime-channel (decision 306).

// ---------------------------------------------------------------------------------------------
// Weekly schedules and the lesson lists (issue 6; contracts in packages/domain/src/availability
// and packages/domain/src/lessons)

export const scheduleApi = {
  /** A tutor's schedule on one week's calendar (default: the caller's). */
  week: (query: AvailabilityQuery = {}, signal?: AbortSignal) =>
    api.call(API.availability.week, { query }, { signal }),
  /** Replaces the tutor's whole weekly schedule. */
  save: (body: AvailabilityBody) => api.call(API.availability.save, { body }),
};

export const lessonsListApi = {
  /** The caller's lessons. */
  list: (query: LessonListQuery = {}, signal?: AbortSignal) =>
    api.call(API.lessons.list, { query }, { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.call(API.lessons.get, { params: { id } }, { signal }),
  /** Its student or tutor cancels it. */
  cancel: (id: number) => api.call(API.lessons.cancel, { params: { id } }),
  /** The student moves the lesson to a new start. */
  reschedule: (body: RescheduleLessonBody) => api.call(API.lessons.reschedule, { body }),
  /** The caller's lesson tallies and `weeks` Cairo weeks of minutes. */
  stats: (query: LessonStatsQuery = {}, signal?: AbortSignal) =>
    api.call(API.lessons.stats, { query }, { signal }),
};

// ---------------------------------------------------------------------------------------------
// Tutors and booking (issue 6; contracts in packages/domain/src/tutors, ratings and lessons)

export const tutorsApi = {
  /** Listed tutors, filtered, 10 a page by default (public). */
  list: (query: TutorListQuery = {}, signal?: AbortSignal) =>
    api.call(API.tutors.list, { query }, { signal }),
  /** A listed tutor's profile (public): `tutor-not-found` for an unknown or unlisted tutor. */
  get: (id: number, signal?: AbortSignal) =>
    api.call(API.tutors.info, { params: { id } }, { signal }),
  /** The tutor's reviews, newest first, 10 a page by default (public). */
  reviews: (id: number, query: TutorReviewsQuery = {}, signal?: AbortSignal) =>
    api.call(API.ratings.ofTutor, { params: { id }, query }, { signal }),
};

/** Ratings (issue 19; the contract is packages/domain/src/ratings/contract.ts). */
/** The dashboards' weekly statistics (decision 327): the caller's own. */
export const dashboardStatsApi = {
  tutor: (weeks: number, signal?: AbortSignal) =>
    api.call(API.stats.tutorPersonalized, { query: { weeks } }, { signal }),
  student: (weeks: number, signal?: AbortSignal) =>
    api.call(API.stats.studentPersonalized, { query: { weeks } }, { signal }),
};

export const ratingsApi = {
  /** The rater's rating of one tutor: a page of at most one. */
  mineOf: (raterId: number, rateeId: number, signal?: AbortSignal) =>
    api.call(
      API.ratings.ofRater,
      { params: { id: raterId }, query: { rateeId, size: 1 } },
      { signal },
    ),
  /** A student rates a tutor of a fulfilled lesson (201). */
  create: (body: RatingCreateBody) => api.call(API.ratings.create, { body }),
  /** The rater replaces the stars and the text. */
  edit: (id: number, body: RatingEditBody) => api.call(API.ratings.edit, { params: { id }, body }),
  /** The rater deletes it (204). */
  remove: (id: number) => api.call(API.ratings.remove, { params: { id } }),
};

export const lessonsApi = {
  /** Students book a lesson; answers the LessonView (201). */
  book: (body: BookLessonBody) => api.call(API.lessons.book, { body }),
};

// ---------------------------------------------------------------------------------------------
// Calendar feed (issue 6; the contract is packages/domain/src/calendar/contract.ts)

export const calendarApi = {
  /** Whether the caller's calendar feed is on. */
  state: (signal?: AbortSignal) => api.call(API.calendar.state, {}, { signal }),
  /** A new feed address, shown this once; the old one stops working. */
  create: () => api.call(API.calendar.create),
  /** Turns the feed off (204). */
  disable: () => api.call(API.calendar.disable),
};

// ---------------------------------------------------------------------------------------------
// Chat (issue 18; contracts in packages/domain/src/chat, realtime events in ../realtime/contract)

export const chatApi = {
  /** The caller's rooms: pinned first, then by the latest message; `search` by name or text. */
  rooms: (userId: number, query: UserRoomsQuery = {}, signal?: AbortSignal) =>
    api.call(API.chat.rooms, { params: { userId }, query }, { signal }),
  /** A page of a room's messages, newest last: `before` a seq (older), `after` one (missed). */
  messages: (roomId: number, query: RoomMessagesQuery = {}, signal?: AbortSignal) =>
    api.call(API.chat.messages, { params: { roomId }, query }, { signal }),
  /** The room's members, online or not, and how far each has read. */
  members: (roomId: number, signal?: AbortSignal) =>
    api.call(API.chat.members, { params: { roomId } }, { signal }),
  /** The general room of the caller and `otherId` (`room-not-found` when they have none). */
  byMembers: (userId: number, otherId: number, signal?: AbortSignal) =>
    api.call(
      API.chat.byMembers,
      { query: { members: `${String(userId)},${String(otherId)}` } },
      { signal },
    ),
  /** Opens a room with `userId` and sends the first message (201). */
  create: (body: NewChatInput) => api.call(API.chat.create, { body }),
  /** The caller's own pin and mute of the room. */
  settings: (roomId: number, body: RoomSettingsInput) =>
    api.call(API.chat.settings, { params: { roomId }, body }),
};

// ---------------------------------------------------------------------------------------------
// The lesson room (issue 19; contract in packages/domain/src/session, its realtime events in
// ../session/events)

export const sessionApi = {
  /** STUN and TURN servers for a call, with short-lived TURN credentials. */
  token: (signal?: AbortSignal) => api.call(API.sessions.token, {}, { signal }),
  /** The lesson's room: members, window, who is in, the attendance and its chat room. */
  get: (id: number, signal?: AbortSignal) =>
    api.call(API.sessions.get, { params: { id } }, { signal }),
  /** An interview's or demo session's room (record 317): members, window, who is in. */
  meeting: (kind: MeetingKind, id: number, signal?: AbortSignal) =>
    api.call(API.sessions.meeting, { params: { kind, id } }, { signal }),
};

/** The kinds of meeting held in the session room besides lessons. */
export type MeetingKind = 'interview' | 'demo-session';

// ---------------------------------------------------------------------------------------------
// The server's clock (issue 19: the device-clock warning of the ready screen)

/** One reading of the server's clock: its HTTP `Date` and this device's clock around the call. */
export interface ServerClockReading {
  /** The server's `Date` header (whole seconds), in ms since the epoch. */
  serverTime: number;
  /** `Date.now()` just before the request and just after the answer. */
  sentAt: number;
  receivedAt: number;
}

/**
 * Reads the server's clock from the `Date` header of `GET /health` (the server exposes the header
 * to the apps' origins). Any answer carries the date, so a 503 from a degraded health check is a
 * reading too; a missing or unreadable header is an error.
 */
export async function readServerClock(signal?: AbortSignal): Promise<ServerClockReading> {
  const sentAt = Date.now();
  let date: string | null = null;
  const onHeaders = (headers: Headers): void => {
    date = headers.get('date');
  };
  // A degraded health check (503) still dates its answer: only the header matters here.
  await api.call(API.health.check, {}, { signal, onHeaders }).catch((error: unknown) => {
    if (date === null) throw error;
  });
  const receivedAt = Date.now();
  const serverTime = Date.parse(date ?? '');
  if (Number.isNaN(serverTime)) throw new Error('The server answered without a Date header');
  return { serverTime, sentAt, receivedAt };
}

/** Platform settings (decisions 339, 341): the bounds and links any screen may show. */
export const platformSettingsApi = {
  public: (signal?: AbortSignal) => api.call(API.platformSettings.public, {}, { signal }),
  /** The tutor says they joined the support group (the optional first onboarding step). */
  joinSupportGroup: () => api.call(API.platformSettings.joinSupportGroup, {}),
};

/** What a problem report sends (issue 23 item 6, record 348): the form's parts. */
export interface ProblemReportInput {
  description: string;
  url: string;
  userAgent: string;
  screenshot: Blob | null;
  log: { name: string; text: string };
}

/** Problem reports from the "report a problem" dialog (contract `API.reports`). */
export const reportApi = {
  send: (
    input: ProblemReportInput,
    { onProgress, signal }: { onProgress: (fraction: number) => void; signal?: AbortSignal },
  ) => {
    const fields = REPORT_FORM_FIELDS;
    const form = new FormData();
    form.set(fields.description, input.description);
    form.set(fields.url, input.url);
    form.set(fields.userAgent, input.userAgent);
    if (input.screenshot) form.set(fields.screenshot, input.screenshot, 'page.jpg');
    form.set(
      fields.log,
      new File([input.log.text], input.log.name, { type: 'text/plain;charset=utf-8' }),
    );
    return api.uploadTo(API.reports.create, form, { onProgress, signal });
  },
};
