/**
 * Arabic names of the enumerations the account screens show. The domain package has the values
 * but no Arabic labels, so they live here, keyed by the domain's values (a missing key fails the
 * type check).
 */
import { EnglishLevel, GENDERS, Governorate, NotificationMethod, Role } from '@talaqa/domain';
import type { Gender } from '@talaqa/domain';

/**
 * Egypt's governorates by the spec's ids. The spec's list names Monufia twice (27 and 28) and Giza
 * twice (3 and 30): both ids keep a name so stored values still display, but only the first of
 * each pair is offered in a form (GOVERNORATE_CHOICES).
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

/** The governorates a form offers: the spec's order, without the duplicate ids 28 and 30. */
export const GOVERNORATE_CHOICES: readonly Governorate[] = (
  Object.values(Governorate) as Governorate[]
).filter((id) => id !== Governorate.Minufiya && id !== Governorate.GizaCity);

export const ENGLISH_LEVEL_NAMES_AR: Record<EnglishLevel, string> = {
  [EnglishLevel.Beginner]: 'مبتدئ',
  [EnglishLevel.PreIntermediate]: 'ما قبل المتوسط',
  [EnglishLevel.Intermediate]: 'متوسط',
  [EnglishLevel.UpperIntermediate]: 'فوق المتوسط',
  [EnglishLevel.Advanced]: 'متقدم',
  [EnglishLevel.Mastery]: 'متمكّن',
};

export const GENDER_NAMES_AR: Record<Gender, string> = { male: 'ذكر', female: 'أنثى' };
export const GENDER_CHOICES = GENDERS;

export const NOTIFICATION_METHOD_NAMES_AR: Record<NotificationMethod, string> = {
  [NotificationMethod.WhatsApp]: 'واتساب',
  [NotificationMethod.Telegram]: 'تيليجرام',
  [NotificationMethod.None]: 'بدون إشعارات',
};

export const ROLE_NAMES_AR: Record<Role, string> = {
  [Role.SuperAdmin]: 'مشرف عام',
  [Role.RegularAdmin]: 'مشرف',
  [Role.Tutor]: 'معلم',
  [Role.Student]: 'طالب',
  [Role.TutorManager]: 'مسؤول مقابلات',
  [Role.Studio]: 'استوديو',
};
