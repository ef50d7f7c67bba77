import {
  EnglishLevel,
  Gender,
  Governorate,
  NotificationMethod,
  Role,
  isAdminRole,
} from '@talaqa/domain';

/**
 * Arabic names of the enumerations the account screens show. @talaqa/domain holds the values
 * only (no Arabic labels yet), so the dashboard keeps its own here.
 */
export const ROLE_NAMES_AR = {
  [Role.SuperAdmin]: 'مشرف عام',
  [Role.RegularAdmin]: 'مشرف',
  [Role.Tutor]: 'معلم',
  [Role.Student]: 'طالب',
  [Role.TutorManager]: 'مسؤول مقابلات',
  [Role.Studio]: 'استوديو',
} as const satisfies Record<Role, string>;

export const GENDER_NAMES_AR = {
  [Gender.Male]: 'ذكر',
  [Gender.Female]: 'أنثى',
} as const satisfies Record<Gender, string>;

export const ENGLISH_LEVEL_NAMES_AR = {
  [EnglishLevel.Beginner]: 'مبتدئ',
  [EnglishLevel.PreIntermediate]: 'ما قبل المتوسط',
  [EnglishLevel.Intermediate]: 'متوسط',
  [EnglishLevel.UpperIntermediate]: 'فوق المتوسط',
  [EnglishLevel.Advanced]: 'متقدم',
  [EnglishLevel.Mastery]: 'متمكّن',
} as const satisfies Record<EnglishLevel, string>;

export const NOTIFICATION_METHOD_NAMES_AR = {
  [NotificationMethod.WhatsApp]: 'واتساب',
  [NotificationMethod.Telegram]: 'تيليجرام',
  [NotificationMethod.None]: 'بدون إشعارات',
} as const satisfies Record<NotificationMethod, string>;

/**
 * The governorates of spec section 3. The spec's list names Monufia twice (27 Monufia and
 * 28 Minufiya); both read "المنوفية", and choosers offer 28 only to a user who already has it.
 */
export const GOVERNORATE_NAMES_AR = {
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
} as const satisfies Record<Governorate, string>;

/** The roles a viewer may give: only a super admin creates or appoints admins (roles 1 and 2). */
export function assignableRoles(viewerRole: Role): Role[] {
  const all = Object.values(Role);
  return viewerRole === Role.SuperAdmin ? all : all.filter((role) => !isAdminRole(role));
}
