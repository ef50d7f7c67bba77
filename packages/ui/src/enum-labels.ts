/**
 * The Arabic names of the domain's enumerations, shown wherever a screen of the app or the
 * dashboard displays or offers one of their values. Each is a full Record over the domain's type,
 * so adding a value to an enumeration without its Arabic name fails type-checking (and the test).
 */
import { EnglishLevel, Gender, Governorate, NotificationMethod, Role } from '@talaqa/domain';

export const ROLE_NAMES_AR: Record<Role, string> = {
  [Role.SuperAdmin]: 'مشرف عام',
  [Role.RegularAdmin]: 'مشرف',
  [Role.Tutor]: 'معلم',
  [Role.Student]: 'طالب',
  [Role.TutorManager]: 'مسؤول مقابلات',
  [Role.Studio]: 'استوديو',
};

export const GENDER_NAMES_AR: Record<Gender, string> = {
  [Gender.Male]: 'ذكر',
  [Gender.Female]: 'أنثى',
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
