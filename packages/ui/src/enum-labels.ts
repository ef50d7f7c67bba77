/**
 * The Arabic names of the domain's enumerations, shown wherever a screen of the app or the
 * dashboard displays or offers one of their values. Each is a full Record over the domain's type,
 * so adding a value to an enumeration without its Arabic name fails type-checking (and the test).
 */
import {
  Bank,
  CampaignSource,
  CardBrand,
  InvoiceLabel,
  LedgerEntryKind,
  WithdrawMethod,
  EnglishLevel,
  Gender,
  Governorate,
  NotificationMethod,
  PaymentMethod,
  PlanName,
  PlanPeriod,
  RatingStars,
  Role,
  SubscriptionState,
  TransactionStatus,
  TutorListSort,
} from '@talaqa/domain';
import type { OnboardingStepName, StepStateName } from '@talaqa/domain';

export const ROLE_NAMES_AR: Record<Role, string> = {
  [Role.SuperAdmin]: 'مشرف عام',
  [Role.RegularAdmin]: 'مشرف',
  [Role.Tutor]: 'معلم',
  [Role.Student]: 'طالب',
  [Role.TutorManager]: 'مسؤول مقابلات',
  [Role.Studio]: 'استوديو',
};

/**
 * Where a campaign's visitors came from (record 351). The spec does not say what mpv and mtd
 * stand for, so they are shown by their codes.
 */
export const CAMPAIGN_SOURCE_NAMES_AR: Record<CampaignSource, string> = {
  [CampaignSource.WhatsApp]: 'واتساب',
  [CampaignSource.Facebook]: 'فيسبوك',
  [CampaignSource.YouTube]: 'يوتيوب',
  [CampaignSource.Instagram]: 'إنستجرام',
  [CampaignSource.TikTok]: 'تيك توك',
  [CampaignSource.X]: 'إكس (تويتر)',
  [CampaignSource.Mpv]: 'مصدر mpv',
  [CampaignSource.Mtd]: 'مصدر mtd',
};

export const GENDER_NAMES_AR: Record<Gender, string> = {
  [Gender.Male]: 'ذكر',
  [Gender.Female]: 'أنثى',
};

/** The spec's star labels: bad, accepted, good, very good, excellent. */
export const RATING_STARS_NAMES_AR: Record<RatingStars, string> = {
  [RatingStars.Bad]: 'ضعيف',
  [RatingStars.Accepted]: 'مقبول',
  [RatingStars.Good]: 'جيد',
  [RatingStars.VeryGood]: 'جيد جدًا',
  [RatingStars.Excellent]: 'ممتاز',
};

/** The tutors list's orders, as its sort menu offers them. */
export const TUTOR_LIST_SORT_NAMES_AR: Record<TutorListSort, string> = {
  [TutorListSort.NextFreeTime]: 'أقرب موعد متاح',
  [TutorListSort.Rating]: 'الأعلى تقييمًا',
  [TutorListSort.Newest]: 'الأحدث انضمامًا',
};

export const ENGLISH_LEVEL_NAMES_AR: Record<EnglishLevel, string> = {
  [EnglishLevel.Beginner]: 'مبتدئ',
  [EnglishLevel.PreIntermediate]: 'ما قبل المتوسط',
  [EnglishLevel.Intermediate]: 'متوسط',
  [EnglishLevel.UpperIntermediate]: 'فوق المتوسط',
  [EnglishLevel.Advanced]: 'متقدم',
  [EnglishLevel.Mastery]: 'متمكّن',
};

export const NOTIFICATION_METHOD_NAMES_AR: Record<NotificationMethod, string> = {
  [NotificationMethod.WhatsApp]: 'واتساب',
  [NotificationMethod.Telegram]: 'تيليجرام',
  [NotificationMethod.None]: 'بدون إشعارات',
};

/**
 * Egypt's governorates by the spec's ids (section 3). The spec's list names Monufia twice (27
 * Monufia and 28 Minufiya): both ids read "المنوفية" so a stored value still displays, and a
 * chooser offers 28 only to a user who already has it.
 */
export const GOVERNORATE_NAMES_AR: Record<Governorate, string> = {
  [Governorate.Cairo]: 'القاهرة',
  [Governorate.Alexandria]: 'الإسكندرية',
  [Governorate.Giza]: 'الجيزة',
  [Governorate.Dakahlia]: 'الدقهلية',
  [Governorate.Qalyubia]: 'القليوبية',
  [Governorate.Sharkia]: 'الشرقية',
  [Governorate.Beheira]: 'البحيرة',
  [Governorate.Aswan]: 'أسوان',
  [Governorate.Asyut]: 'أسيوط',
  [Governorate.BeniSuef]: 'بني سويف',
  [Governorate.PortSaid]: 'بورسعيد',
  [Governorate.Suez]: 'السويس',
  [Governorate.Minya]: 'المنيا',
  [Governorate.Gharbia]: 'الغربية',
  [Governorate.Ismailia]: 'الإسماعيلية',
  [Governorate.KafrElSheikh]: 'كفر الشيخ',
  [Governorate.Matrouh]: 'مطروح',
  [Governorate.RedSea]: 'البحر الأحمر',
  [Governorate.Sohag]: 'سوهاج',
  [Governorate.Fayoum]: 'الفيوم',
  [Governorate.Luxor]: 'الأقصر',
  [Governorate.Qena]: 'قنا',
  [Governorate.NewValley]: 'الوادي الجديد',
  [Governorate.NorthSinai]: 'شمال سيناء',
  [Governorate.SouthSinai]: 'جنوب سيناء',
  [Governorate.Damietta]: 'دمياط',
  [Governorate.Monufia]: 'المنوفية',
  [Governorate.Minufiya]: 'المنوفية',
  [Governorate.Helwan]: 'حلوان',
  [Governorate.GizaCity]: 'مدينة الجيزة',
};

// ---------------------------------------------------------------------------------------------
// Plans and payments

/** The plans page's three plans (spec section 9), named by their weekly minutes. */
export const PLAN_NAMES_AR: Record<PlanName, string> = {
  [PlanName.Beginning]: 'باقة البداية',
  [PlanName.Advance]: 'الباقة المتقدمة',
  [PlanName.Professional]: 'الباقة الاحترافية',
};

/** How long a purchase lasts, as the period selector and receipts show it. */
export const PLAN_PERIOD_NAMES_AR: Record<PlanPeriod, string> = {
  [PlanPeriod.Month]: 'شهر واحد',
  [PlanPeriod.Quarter]: 'ثلاثة أشهر',
  [PlanPeriod.Year]: 'سنة كاملة',
  [PlanPeriod.FreeTrial]: 'تجربة مجانية',
};

/** A transaction's status as the student's payments page and the admin's list show it. */
export const TRANSACTION_STATUS_NAMES_AR: Record<TransactionStatus, string> = {
  [TransactionStatus.New]: 'بانتظار الدفع',
  [TransactionStatus.Paid]: 'مدفوعة',
  [TransactionStatus.Canceled]: 'ملغاة',
  [TransactionStatus.Refunded]: 'مستردة',
  [TransactionStatus.Expired]: 'انتهت صلاحيتها',
  [TransactionStatus.PartialRefunded]: 'مستردة جزئيًا',
  [TransactionStatus.Failed]: 'فشلت',
  [TransactionStatus.Processed]: 'مدفوعة ومفعّلة',
};

export const PAYMENT_METHOD_NAMES_AR: Record<PaymentMethod, string> = {
  [PaymentMethod.Card]: 'بطاقة بنكية',
  [PaymentMethod.EWallet]: 'محفظة إلكترونية',
  [PaymentMethod.BankInstallment]: 'تقسيط بنكي',
  [PaymentMethod.Fawry]: 'الرقم المرجعي من فوري',
};

export const CARD_BRAND_NAMES_AR: Record<CardBrand, string> = {
  [CardBrand.Visa]: 'فيزا',
  [CardBrand.Mastercard]: 'ماستركارد',
  [CardBrand.Meeza]: 'ميزة',
  [CardBrand.Other]: 'بطاقة بنكية',
};

export const SUBSCRIPTION_STATE_NAMES_AR: Record<SubscriptionState, string> = {
  [SubscriptionState.Active]: 'فعّال',
  [SubscriptionState.Canceled]: 'ملغى',
  [SubscriptionState.Ended]: 'منتهٍ',
};

export const WITHDRAW_METHOD_NAMES_AR: Record<WithdrawMethod, string> = {
  [WithdrawMethod.Instapay]: 'إنستاباي',
  [WithdrawMethod.Bank]: 'تحويل بنكي',
  [WithdrawMethod.Wallet]: 'محفظة إلكترونية',
};

/** The seven banks of spec section 3, by their usual Arabic names. */
export const BANK_NAMES_AR: Record<Bank, string> = {
  [Bank.CIB]: 'البنك التجاري الدولي (CIB)',
  [Bank.ALEX]: 'بنك الإسكندرية',
  [Bank.NBE]: 'البنك الأهلي المصري',
  [Bank.MISR]: 'بنك مصر',
  [Bank.QNB]: 'بنك QNB الأهلي',
  [Bank.MASHREQ]: 'بنك المشرق',
  [Bank.AAIB]: 'البنك العربي الأفريقي الدولي',
};

/** A withdrawal request's state as the tutor and the admin read it (spec section 4's labels). */
export const INVOICE_LABEL_NAMES_AR: Record<InvoiceLabel, string> = {
  [InvoiceLabel.Pending]: 'قيد المراجعة',
  [InvoiceLabel.CancellationRequested]: 'طُلب إلغاؤه',
  [InvoiceLabel.UpdatedByReceiver]: 'عُدِّل بطلبك',
  [InvoiceLabel.CanceledByAdmin]: 'ألغته الإدارة',
  [InvoiceLabel.CancellationApprovedByAdmin]: 'أُلغي بطلبك',
  [InvoiceLabel.Fulfilled]: 'تم التحويل',
  [InvoiceLabel.Rejected]: 'مرفوض',
};

/** The same labels as the admin reads them: the tutor's own asks are "the tutor's", not "yours". */
export const INVOICE_LABEL_NAMES_ADMIN_AR: Record<InvoiceLabel, string> = {
  ...INVOICE_LABEL_NAMES_AR,
  [InvoiceLabel.CancellationRequested]: 'طلب المعلم إلغاءه',
  [InvoiceLabel.UpdatedByReceiver]: 'عُدِّل بطلب المعلم',
  [InvoiceLabel.CancellationApprovedByAdmin]: 'أُلغي بطلب المعلم',
};

export const LEDGER_ENTRY_KIND_NAMES_AR: Record<LedgerEntryKind, string> = {
  [LedgerEntryKind.Lesson]: 'درس مكتمل',
  [LedgerEntryKind.LessonReversal]: 'استرداد درس لم يُعقد',
  [LedgerEntryKind.Withdrawal]: 'طلب سحب',
  [LedgerEntryKind.WithdrawalRelease]: 'إعادة مبلغ طلب سحب',
};

/** The tutor's onboarding steps (issue 21), as the onboarding page and the admin's list name them. */
export const ONBOARDING_STEP_NAMES_AR: Record<OnboardingStepName, string> = {
  'support-group': 'الانضمام إلى مجموعة الدعم',
  'intro-video': 'الفيديو التعريفي',
  interview: 'المقابلة',
  'demo-session': 'الجلسة التجريبية',
  'photo-session': 'جلسة التصوير',
};

/** Where a tutor stands on one onboarding step. */
export const STEP_STATE_NAMES_AR: Record<StepStateName, string> = {
  'not-started': 'لم تبدأ',
  pending: 'قيد الانتظار',
  passed: 'تمت بنجاح',
  rejected: 'لم تُقبل',
};
