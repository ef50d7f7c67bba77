import {
  VERIFICATION_CODE_LENGTH,
  WITHDRAWAL_MAX_EGP,
  WITHDRAWAL_MIN_EGP,
  isErrorCode,
} from '@talaqa/domain';
import type { ErrorCode } from '@talaqa/domain';
// Numbers inside sentences are written the way an ar-EG reader expects them (١٠٠، ٥٠٬٠٠٠).
import { formatNumber } from './format';

/** Password bounds of spec section 5 (8 to 50 characters). */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 50;
/** A rating has five stars: bad, accepted, good, very good, excellent (spec section 3). */
const RATING_MAX_STARS = 5;
/** Image recommendation of spec section 5: at least 480x480. */
const IMAGE_MIN_SIDE_PX = 480;

/**
 * The Arabic sentence shown to a person for every error code the API or a form can produce.
 * Typed as a full Record, so adding a code to the domain without a sentence fails type-checking
 * (and the catalogue test). Each sentence says what happened and, where there is one, what to do.
 */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  // --- API error codes (spec section 8) ---
  unauthenticated: 'لم نتمكن من التعرّف على هويتك، من فضلك سجّل الدخول مرة أخرى',
  forbidden: 'ليست لديك صلاحية للقيام بهذا الإجراء، جرّب حسابًا آخر أو تواصل مع إدارة المنصة',
  'bad-request': 'البيانات المرسلة ناقصة أو غير صحيحة، من فضلك راجعها وحاول مرة أخرى',
  illegal: 'البيانات صحيحة لكن لا يمكن تنفيذ هذا الطلب في الوقت الحالي',

  'room-exists': 'هذه المحادثة موجودة بالفعل، ويمكنك متابعتها من قائمة المحادثات',
  'user-exists': 'يوجد حساب مسجّل بهذا البريد الإلكتروني، من فضلك استخدم بريدًا آخر أو سجّل الدخول',
  'rating-exists': 'لقد قيّمت هذا المعلم من قبل، ويمكنك تعديل تقييمك بدلًا من إضافة تقييم جديد',
  'intro-video-exists': 'لديك فيديو تعريفي مرفوع بالفعل، ولا يمكن رفع أكثر من فيديو واحد',
  'demo-session-exists': 'لديك جلسة تجريبية بالفعل، ولا يمكن حجز أكثر من جلسة تجريبية واحدة',
  'subscription-exists': 'لديك اشتراك فعّال بالفعل، ويمكنك متابعته من صفحة المدفوعات',

  'short-video-dur': 'مدة الفيديو المرفوع أقل من المطلوب، من فضلك سجّل فيديو أطول وارفعه من جديد',
  'long-video-dur': 'مدة الفيديو المرفوع أطول من المسموح به، من فضلك اختصره وارفعه من جديد',

  'subscription-required': 'هذه الخدمة تحتاج إلى اشتراك فعّال، من فضلك اختر باقة مناسبة للمتابعة',
  'subscription-uncancellable':
    'لا يمكن إلغاء هذا الاشتراك لأنك تجاوزت الحد الأقصى لعدد الدروس فيه',
  'no-enough-minutes':
    'دقائقك المتبقية هذا الأسبوع لا تكفي لهذا الدرس، اختر مدة أقصر أو انتظر تجديد الدقائق',

  'busy-tutor': 'المعلم مشغول في هذا الموعد، من فضلك اختر وقتًا آخر',
  'busy-tutor-manager': 'مسؤول المقابلات مشغول في هذا الموعد، من فضلك اختر وقتًا آخر',
  'inactive-tutor-manager': 'مسؤول المقابلات الذي اخترته غير متاح حاليًا، من فضلك اختر مسؤولًا آخر',

  unexpected: 'حدث خطأ غير متوقع من جهتنا، من فضلك حاول مرة أخرى بعد قليل',
  'not-found': 'لم نجد ما تبحث عنه، ربما حُذف أو تغيّر رابطه',
  'service-unavailable': 'الخدمة غير متاحة مؤقتًا، من فضلك حاول مرة أخرى بعد دقائق',
  'fawry-error': 'حدث خطأ في بوابة الدفع، من فضلك حاول بعد قليل أو استخدم وسيلة دفع أخرى',

  'session-not-found': 'لم نجد هذه الجلسة، ربما انتهت أو أُلغيت',
  'demo-session-not-found': 'لم نجد هذه الجلسة التجريبية، ربما أُلغيت أو تغيّر موعدها',
  'transaction-not-found': 'لم نجد عملية الدفع هذه، من فضلك راجع سجل مدفوعاتك',
  'user-not-found': 'لم نجد هذا المستخدم، ربما حُذف حسابه',
  'tutor-not-found': 'لم نجد هذا المعلم، ربما لم يعد متاحًا على المنصة',
  'student-not-found': 'لم نجد هذا الطالب، ربما حُذف حسابه',
  'lesson-not-found': 'لم نجد هذا الدرس، ربما أُلغي أو حُذف',
  'slot-not-found': 'لم نجد هذا الموعد في الجدول، من فضلك حدّث الصفحة واختر موعدًا متاحًا',
  'rating-not-found': 'لم نجد هذا التقييم، ربما حُذف من قبل',
  'coupon-not-found': 'كود الخصم غير موجود، من فضلك تأكد من كتابته بشكل صحيح',
  'asset-not-found': 'لم نجد الملف المطلوب، ربما حُذف أو تغيّر اسمه',
  'invite-not-found': 'لم نجد هذه الدعوة، ربما انتهت صلاحيتها أو أُلغيت',
  'invoice-not-found': 'لم نجد طلب السحب هذا، من فضلك حدّث الصفحة وحاول مرة أخرى',
  'plan-not-found': 'لم نجد هذه الباقة، ربما لم تعد متاحة؛ من فضلك اختر باقة أخرى',
  'room-not-found': 'لم نجد هذه المحادثة، ربما حُذفت',
  'room-members-not-found': 'لم نجد أعضاء هذه المحادثة، من فضلك حدّث الصفحة وحاول مرة أخرى',
  'report-not-found': 'لم نجد هذا البلاغ، ربما حُذف من قبل',
  'interview-not-found': 'لم نجد هذه المقابلة، ربما أُلغيت أو تغيّر موعدها',
  'topic-not-found': 'لم نجد هذا الموضوع، ربما حُذف من القائمة',
  'withdraw-method-not-found': 'لم نجد طريقة السحب المختارة، من فضلك اختر طريقة سحب أخرى',
  'subscription-not-found': 'لم نجد هذا الاشتراك، من فضلك راجع صفحة المدفوعات',
  'intro-video-not-found': 'لم نجد الفيديو التعريفي، من فضلك ارفعه من جديد',

  'invalid-invoice-method':
    'طريقة السحب غير صالحة، من فضلك اختر إنستاباي أو تحويلًا بنكيًا أو محفظة إلكترونية',
  'illegal-invoice-update': 'لا يمكن تعديل طلب السحب في حالته الحالية، فربما حُوِّل المبلغ بالفعل',

  'email-already-verified': 'بريدك الإلكتروني مؤكَّد بالفعل، ولا حاجة لتأكيده مرة أخرى',
  'user-already-verified': 'حسابك مؤكَّد بالفعل، ويمكنك متابعة استخدام المنصة',
  'phone-already-verified': 'رقم هاتفك مؤكَّد بالفعل، ولا حاجة لتأكيده مرة أخرى',
  'unresolved-phone':
    'تعذّر الوصول إلى رقمك على تطبيق المراسلة بسبب إعدادات الخصوصية، من فضلك عدّلها أو اختر تطبيقًا آخر',
  'unverified-phone': 'رقم هاتفك غير مؤكَّد بعد، من فضلك أكّده أولًا من الإعدادات',
  'unverified-email':
    'بريدك الإلكتروني غير مؤكَّد بعد، من فضلك أكّده من الإعدادات أولًا ثم حاول مرة أخرى',
  'invalid-phone': 'رقم الهاتف غير صالح، من فضلك أدخل رقمًا صحيحًا',
  'incorrect-phone': 'رقم الهاتف لا يطابق الرقم المسجّل، من فضلك تأكد منه وحاول مرة أخرى',
  'expired-verification-code': 'انتهت صلاحية رمز التأكيد، من فضلك اطلب رمزًا جديدًا',
  'invalid-verification-code': 'رمز التأكيد غير صحيح، من فضلك تأكد منه وحاول مرة أخرى',

  'wrong-password': 'البريد الإلكتروني أو كلمة المرور غير صحيحة، من فضلك حاول مرة أخرى',
  'no-password': 'هذا الحساب مسجّل عن طريق جوجل، من فضلك سجّل الدخول باستخدام جوجل',

  'conflicting-lessons': 'هذا الموعد يتعارض مع درس آخر محجوز، من فضلك اختر وقتًا آخر',
  'conflicting-interview':
    'لديك مقابلة محجوزة أو مقبولة بالفعل، أو لم تمضِ ثلاثة أشهر على رفض مقابلتك الأخيرة',
  'conflicting-schedule': 'لا يمكن حفظ هذا التعديل على الجدول لأنه يلغي دروسًا محجوزة بالفعل',
  'reached-booking-limit': 'لديك درس محجوز بالفعل، ويمكنك حجز درس جديد بعد انتهائه أو إلغائه',
  'lesson-time-passed': 'موعد هذا الدرس قد فات، ولا يمكن تنفيذ هذا الإجراء عليه',
  'week-boundaries-violation': 'يمكنك حجز الدروس خلال الأسبوع الحالي فقط، من فضلك اختر موعدًا داخله',

  'empty-request': 'لم تُرسَل أي بيانات، من فضلك املأ الحقول المطلوبة وحاول مرة أخرى',
  'large-file-size': 'حجم الملف المرفوع أكبر من المسموح به، من فضلك اختر ملفًا أصغر',
  'not-room-member': 'أنت لست عضوًا في هذه المحادثة، ولا يمكنك عرض رسائلها',
  'invalid-user-name': 'من فضلك اكتب اسمًا من جزأين على الأقل: الاسم الأول واسم العائلة',
  'phone-required': 'رقم الهاتف مطلوب لإتمام التأكيد، من فضلك أضفه أولًا',

  'too-many-requests': 'أرسلت طلبات كثيرة في وقت قصير، من فضلك انتظر قليلًا ثم حاول مرة أخرى',
  'coupon-exists': 'يوجد كود خصم بهذا الاسم بالفعل، من فضلك اختر كودًا آخر',
  'plan-invite-exists': 'هذا الطالب مدعو إلى هذه الباقة بالفعل',
  'invite-exists':
    'أُرسلت دعوة إلى هذا البريد ولم يُرد عليها بعد؛ أعد إرسالها من القائمة بدل دعوة جديدة',
  'invite-expired': 'انتهت صلاحية رابط الدعوة، من فضلك اطلب من فريق طلاقة إرسال دعوة جديدة',
  'invite-closed': 'استُخدمت هذه الدعوة أو أُلغيت، ولم يعد رابطها يعمل',
  'short-link-exists': 'هذا الاسم مستخدم لرابط مختصر آخر، من فضلك اختر اسمًا غيره',
  'short-link-not-found': 'هذا الرابط المختصر غير موجود أو أُوقف',
  'asset-in-use': 'هذا الملف مستخدم الآن ولا يمكن حذفه؛ حدّث القائمة لترى من يستخدمه',
  'asset-too-new':
    'رُفع هذا الملف قبل أقل من ساعة وقد يكون رفعه ما زال جاريًا، من فضلك حاول حذفه لاحقًا',
  'open-payment-exists':
    'لديك عملية دفع مفتوحة لم تكتمل بعد، من فضلك أكملها أو ألغِها قبل أن تبدأ عملية دفع جديدة',
  'refund-in-doubt':
    'لم تؤكد بوابة الدفع نتيجة الاسترداد السابق لهذه العملية بعد، ولا يمكن إرسال استرداد جديد قبل تأكيده. سنتابع معها تلقائيًا، من فضلك حاول لاحقًا',
  'refund-not-in-doubt':
    'لا يوجد استرداد قيد التأكد لهذه العملية الآن: ربما تأكدت نتيجته بالفعل أو ما زال قيد التنفيذ، من فضلك حدّث العملية',

  // --- Field validation codes (spec section 5) ---
  required: 'هذا الحقل مطلوب، من فضلك املأه',
  'invalid-type': 'القيمة المدخلة غير صالحة، من فضلك راجعها',

  'invalid-withdrawal-amount': `من فضلك أدخل مبلغًا بين ${formatNumber(WITHDRAWAL_MIN_EGP)} و${formatNumber(WITHDRAWAL_MAX_EGP)} جنيه فقط`,

  'password-too-short': `كلمة المرور قصيرة جدًا، يجب أن تتكون من ${formatNumber(PASSWORD_MIN_LENGTH)} أحرف على الأقل`,
  'password-too-long': `كلمة المرور طويلة جدًا، يجب ألا تزيد على ${formatNumber(PASSWORD_MAX_LENGTH)} حرفًا`,
  'password-needs-digit': 'يجب أن تحتوي كلمة المرور على رقم واحد على الأقل',
  'password-needs-letter': 'يجب أن تحتوي كلمة المرور على حرف واحد على الأقل',
  'password-has-whitespace': 'يجب ألا تحتوي كلمة المرور على مسافات',
  'password-mismatch': 'كلمتا المرور غير متطابقتين، من فضلك أعد كتابة التأكيد',
  'new-password-mismatch': 'تأكيد كلمة المرور الجديدة لا يطابقها، من فضلك أعد كتابته',

  'invalid-email': 'البريد الإلكتروني غير صالح، من فضلك اكتبه بالشكل name@example.com',
  'invalid-confirmation-code': `رمز التأكيد يتكون من ${formatNumber(VERIFICATION_CODE_LENGTH)} أرقام، من فضلك أدخله كاملًا`,

  'name-too-short': 'الاسم قصير جدًا، من فضلك اكتب اسمك كاملًا',
  'name-too-long': 'الاسم طويل جدًا، من فضلك اختصره',
  'name-not-arabic': 'من فضلك اكتب الاسم بحروف عربية',

  'bio-empty': 'النبذة التعريفية مطلوبة، من فضلك اكتب نبذة قصيرة عنك',
  'bio-too-short': 'النبذة التعريفية قصيرة جدًا، من فضلك أضف بعض التفاصيل',
  'bio-too-long': 'النبذة التعريفية طويلة جدًا، من فضلك اختصرها',
  'bio-not-arabic': 'من فضلك اكتب النبذة التعريفية باللغة العربية',
  'about-empty': 'فقرة «عن المعلم» مطلوبة، من فضلك اكتب عن خبرتك وأسلوبك في التدريس',
  'about-too-short': 'فقرة «عن المعلم» قصيرة جدًا، من فضلك أضف تفاصيل أكثر عن خبرتك',
  'about-too-long': 'فقرة «عن المعلم» طويلة جدًا، من فضلك اختصرها',
  'about-not-arabic': 'من فضلك اكتب فقرة «عن المعلم» باللغة العربية',

  'birth-year-out-of-range': 'سنة الميلاد غير صحيحة، من فضلك اختر سنة صحيحة',
  'too-old': 'العمر المدخل أكبر من الحد المسموح به، من فضلك راجع سنة الميلاد',
  'too-young': 'العمر المدخل أصغر من الحد المسموح به للتسجيل على المنصة',

  'invalid-notice-period': 'مدة الإشعار المسبق غير صالحة، من فضلك أدخل عدد دقائق صحيحًا',
  'notice-period-too-long': 'مدة الإشعار المسبق أطول من الحد المسموح به، من فضلك اختر مدة أقصر',

  'interview-feedback-invalid': 'تقييم المقابلة غير صالح، من فضلك راجعه',
  'interview-feedback-too-short': 'تقييم المقابلة قصير جدًا، من فضلك أضف تفاصيل أكثر',
  'interview-feedback-too-long': 'تقييم المقابلة طويل جدًا، من فضلك اختصره',
  'interview-note-invalid': 'ملاحظة المقابلة غير صالحة، من فضلك راجعها',
  'interview-note-too-short': 'ملاحظة المقابلة قصيرة جدًا، من فضلك أضف تفاصيل أكثر',
  'interview-note-too-long': 'ملاحظة المقابلة طويلة جدًا، من فضلك اختصرها',
  'interview-level-too-low':
    'المستوى المختار أقل من أدنى مستوى متاح، من فضلك اختر مستوى من القائمة',
  'interview-level-too-high':
    'المستوى المختار أعلى من أقصى مستوى متاح، من فضلك اختر مستوى من القائمة',

  'rating-value-too-low': 'من فضلك اختر نجمة واحدة على الأقل للتقييم',
  'rating-value-too-high': `لا يمكن أن يزيد التقييم على ${formatNumber(RATING_MAX_STARS)} نجوم`,
  'rating-text-too-short': 'تعليق التقييم قصير جدًا، من فضلك اكتب رأيك بتفصيل أكثر',
  'rating-text-too-long': 'تعليق التقييم طويل جدًا، من فضلك اختصره',

  'invalid-coupon-code': 'كود الخصم غير صالح، من فضلك تأكد منه وحاول مرة أخرى',
  'zero-discount': 'قيمة الخصم يجب أن تكون أكبر من صفر',
  'max-discount-exceeded': 'قيمة الخصم أكبر من الحد الأقصى المسموح به',
  'invalid-expire-date': 'تاريخ انتهاء الكود غير صالح، من فضلك اختر تاريخًا صحيحًا',
  'expired-coupon': 'انتهت صلاحية كود الخصم هذا، ويمكنك المتابعة بدون خصم',

  'message-invalid': 'نص الرسالة غير صالح، من فضلك راجعه',
  'message-too-short': 'الرسالة فارغة أو قصيرة جدًا، من فضلك اكتب رسالتك',
  'message-too-long': 'الرسالة طويلة جدًا، من فضلك اختصرها أو قسّمها إلى أكثر من رسالة',

  'withdraw-min-above-max': 'الحد الأدنى للسحب يجب أن يكون أقل من الحد الأقصى',
  'withdraw-limit-not-positive': 'حدود السحب يجب أن تكون أكبر من صفر',
  'invoice-amount-below-min': 'المبلغ أقل من الحد الأدنى المسموح بسحبه، من فضلك أدخل مبلغًا أكبر',
  'invoice-amount-above-max': 'المبلغ أكبر من الحد الأقصى المسموح بسحبه، من فضلك أدخل مبلغًا أصغر',
  'invoice-amount-above-balance': 'المبلغ أكبر من رصيدك المتاح للسحب، من فضلك أدخل مبلغًا أصغر',
  'invoice-note-empty': 'الملاحظة مطلوبة، من فضلك اكتب ملاحظة على الطلب',
  'invoice-note-invalid': 'الملاحظة غير صالحة، من فضلك راجعها',
  'invoice-note-too-long': 'الملاحظة طويلة جدًا، من فضلك اختصرها',

  'invalid-instapay-address': 'عنوان إنستاباي غير صالح، من فضلك اكتبه بالشكل name@instapay',
  'bank-name-empty': 'من فضلك اختر البنك',
  'invalid-bank-name': 'البنك المختار غير مدعوم، من فضلك اختر بنكًا من القائمة',
  'invalid-account-number': 'رقم الحساب البنكي غير صالح، من فضلك تأكد منه',

  'topic-name-too-short': 'اسم الموضوع قصير جدًا، من فضلك اكتب اسمًا أوضح',
  'topic-name-too-long': 'اسم الموضوع طويل جدًا، من فضلك اختصره',
  'contact-title-too-short': 'عنوان الرسالة قصير جدًا، من فضلك وضّحه أكثر',
  'contact-title-too-long': 'عنوان الرسالة طويل جدًا، من فضلك اختصره',
  'contact-message-too-short': 'نص رسالتك قصير جدًا، من فضلك اشرح طلبك بتفصيل أكثر',
  'contact-message-too-long': 'نص رسالتك طويل جدًا، من فضلك اختصره',

  'invalid-weekly-minutes': 'عدد الدقائق الأسبوعية غير صالح، من فضلك أدخل رقمًا صحيحًا',
  'invalid-plan-price': 'سعر الباقة غير صالح، من فضلك أدخل مبلغًا صحيحًا',
  'invalid-plan-discount': 'خصم الباقة غير صالح، من فضلك راجع قيمته',
  'invalid-english-level': 'مستوى اللغة الإنجليزية غير صالح، من فضلك اختر مستوى من القائمة',
  'invalid-cvv': 'رمز الأمان (CVV) غير صحيح، من فضلك أدخل الأرقام المكتوبة على ظهر البطاقة',

  'video-too-short': 'الفيديو المختار قصير جدًا، من فضلك اختر فيديو أطول',
  'video-too-long': 'الفيديو المختار طويل جدًا، من فضلك اختر فيديو أقصر',
  'file-too-large': 'الملف المختار كبير جدًا، من فضلك اختر ملفًا أصغر حجمًا',
  'invalid-image-type': `نوع الصورة غير مدعوم، من فضلك اختر صورة JPG أو PNG أو GIF بمقاس ${formatNumber(IMAGE_MIN_SIDE_PX)}×${formatNumber(IMAGE_MIN_SIDE_PX)} بكسل على الأقل`,

  'invalid-video-type': 'نوع الفيديو غير مدعوم، من فضلك اختر ملف فيديو بصيغة MP4 أو MOV أو WebM',

  'invalid-page': 'رقم الصفحة غير موجود، من فضلك اختر صفحة من القائمة',
  'invalid-page-size': 'عدد العناصر في الصفحة غير صالح، من فضلك اختر عددًا من القائمة',

  'review-reason-too-short': 'سبب الرفض قصير جدًا، من فضلك اكتب للمعلم سببًا واضحًا',
  'review-reason-too-long': 'سبب الرفض طويل جدًا، من فضلك اختصره',
  'withdraw-limit-too-high': 'حد السحب أكبر من المعقول، من فضلك راجع الرقم',
  'tutor-rate-not-positive': 'أجر الدقيقة يجب أن يكون أكبر من صفر',
  'tutor-rate-too-high': 'أجر الدقيقة أكبر من المعقول، من فضلك راجع الرقم',
  'invalid-url': 'الرابط غير صالح، من فضلك اكتب رابطًا كاملًا يبدأ بـ https://',
  'short-link-name-invalid':
    'اسم الرابط يُكتب بحروف إنجليزية صغيرة وأرقام وشرطات (-) فقط، دون مسافات، ولا يبدأ أو ينتهي بشرطة',
  'short-link-name-too-short': 'اسم الرابط قصير جدًا، اكتب حرفين على الأقل',
  'short-link-name-too-long': 'اسم الرابط طويل جدًا، اختصره إلى ٤٠ حرفًا على الأكثر',
  'short-link-target-invalid':
    'الوجهة يجب أن تكون صفحة على مواقعنا تبدأ بـ / مثل /pricing أو /register/student، وليست رابطًا خارجيًا',
  'short-link-label-too-long': 'اسم الحملة طويل جدًا، اختصره إلى ١٠٠ حرف على الأكثر',
  'invalid-campaign-source': 'مصدر الحملة غير معروف، من فضلك اختر مصدرًا من القائمة',
  'lesson-cancel-reason-too-short': 'سبب الإلغاء قصير جدًا، من فضلك اكتب سببًا واضحًا',
  'lesson-cancel-reason-too-long': 'سبب الإلغاء طويل جدًا، من فضلك اختصره',
  'invalid-date': 'التاريخ غير صالح، من فضلك اختر يومًا من التقويم',
  'invalid-date-range': 'تاريخ النهاية قبل تاريخ البداية، من فضلك اختر مدة صحيحة',
  'log-range-reversed': 'يجب أن تأتي نهاية الفترة بعد بدايتها',
  'log-range-too-long': 'الفترة أطول من 7 أيام، من فضلك اختر فترة أقصر',
  'report-description-too-short': 'وصف المشكلة قصير جدًا، من فضلك اشرح ما حدث بتفصيل أكثر',
  'report-description-too-long': 'وصف المشكلة طويل جدًا، من فضلك اختصره',
  'report-note-too-long': 'ملاحظة المشرف على البلاغ طويلة جدًا، من فضلك اختصرها',
};

/** The user-facing messages of spec section 8 that are not tied to one error code. */
export const UI_MESSAGES = {
  // Generic states
  loading: 'جارٍ التحميل',
  unexpected: 'حدث خطأ غير متوقع، من فضلك حاول مرة أخرى',
  connectionFailed: 'تعذّر الاتصال، تأكد من اتصالك بالإنترنت وحاول مرة أخرى',
  retry: 'إعادة المحاولة',
  close: 'إغلاق',
  openMenu: 'فتح القائمة',
  skipToContent: 'تخطَّ إلى المحتوى',
  sectionInProgress: 'نعمل حاليًا على تجهيز هذا القسم، وسيكون متاحًا قريبًا.',

  // Error pages
  notFoundTitle: 'الصفحة غير موجودة',
  notFoundSubtitle:
    'ربما تغيّر رابط هذه الصفحة أو حُذفت. يمكنك العودة إلى الصفحة الرئيسية ومتابعة التصفح.',
  notFoundButton: 'العودة إلى الصفحة الرئيسية',
  unexpectedErrorTitle: 'حدث خطأ غير متوقع',
  unexpectedErrorSubtitle: 'نعتذر عن هذا الخلل. من فضلك عُد إلى الصفحة الرئيسية وحاول مرة أخرى.',
  unexpectedErrorButton: 'العودة إلى الصفحة الرئيسية',

  // Server status (footer widget)
  serverChecking: 'جارٍ التحقق من الخادم',
  serverUp: 'الخادم يعمل',
  serverDown: 'تعذّر الاتصال بالخادم',

  // Verification and account
  emailVerificationFailed: 'تعذّر تأكيد بريدك الإلكتروني، من فضلك حاول مرة أخرى',
  emailCodeSendFailed: 'تعذّر إرسال رمز التأكيد إلى بريدك الإلكتروني، من فضلك حاول مرة أخرى',
  phoneCodeSendFailed: 'تعذّر إرسال رمز التأكيد إلى هاتفك، من فضلك حاول مرة أخرى',
  passwordResetFailed: 'تعذّر تغيير كلمة المرور، من فضلك حاول مرة أخرى',
  passwordResetSucceeded: 'تم تغيير كلمة المرور بنجاح، ويمكنك تسجيل الدخول الآن',
  loginFailed: 'تعذّر تسجيل الدخول، من فضلك حاول مرة أخرى',
  registrationFailed: 'تعذّر إنشاء الحساب، من فضلك حاول مرة أخرى',
  profileUpdateFailed: 'تعذّر حفظ بيانات ملفك الشخصي، من فضلك حاول مرة أخرى',

  // Payments
  cardAddFailed: 'تعذّرت إضافة البطاقة، من فضلك حاول مرة أخرى',
  transactionFailed: 'لم تتم عملية الدفع، من فضلك تأكد من بيانات البطاقة أو استخدم وسيلة دفع أخرى',
  paymentCancelFailed: 'تعذّر إلغاء عملية الدفع، من فضلك حاول مرة أخرى',

  // Schedule and lessons
  scheduleLoadFailed: 'تعذّر تحميل الجدول، من فضلك حاول مرة أخرى',
  scheduleUpdateFailed: 'تعذّر حفظ التعديلات على الجدول، من فضلك حاول مرة أخرى',
  scheduleDeleteFailed: 'تعذّر حذف الموعد من الجدول، من فضلك حاول مرة أخرى',
  scheduleBookedLessonsConflict: 'لا يمكن تعديل هذه المواعيد لأن بها دروسًا محجوزة بالفعل',
  lessonBookFailed: 'تعذّر حجز الدرس، من فضلك حاول مرة أخرى',
  lessonUpdateFailed: 'تعذّر تعديل الدرس، من فضلك حاول مرة أخرى',
  lessonCancelFailed: 'تعذّر إلغاء الدرس، من فضلك حاول مرة أخرى',

  // Ratings
  ratingSendFailed: 'تعذّر إرسال التقييم، من فضلك حاول مرة أخرى',
  ratingEditFailed: 'تعذّر تعديل التقييم، من فضلك حاول مرة أخرى',
  ratingDeleteFailed: 'تعذّر حذف التقييم، من فضلك حاول مرة أخرى',

  // Withdrawals and invoices
  withdrawalCreateFailed: 'تعذّر إرسال طلب السحب، من فضلك حاول مرة أخرى',
  withdrawalCancelFailed: 'تعذّر إلغاء طلب السحب، من فضلك حاول مرة أخرى',
  invoiceProcessFailed: 'تعذّرت معالجة طلب السحب، من فضلك حاول مرة أخرى',
  /** The admin approves a tutor's change whose new amount the tutor's balance no longer covers. */
  invoiceChangeAboveBalance:
    'المبلغ الجديد أكبر من رصيد المعلم المتاح للسحب، فلا يمكن قبول التعديل. ارفض التعديل أو انتظر حتى يزيد رصيده',
  /** Fulfilling without the transfer's receipt. */
  invoiceReceiptRequired: 'من فضلك أرفق صورة إيصال التحويل قبل تأكيد التنفيذ',
  /** A receipt that is no JPG, PNG or GIF image (the shared sentence speaks of a profile photo's size). */
  invoiceReceiptType: 'إيصال التحويل يجب أن يكون صورة JPG أو PNG أو GIF، من فضلك اختر صورة أخرى',

  // Admin
  planCreateFailed: 'تعذّر إنشاء الباقة، من فضلك حاول مرة أخرى',
  planEditFailed: 'تعذّر تعديل الباقة، من فضلك حاول مرة أخرى',
  userCreateFailed: 'تعذّر إنشاء المستخدم، من فضلك حاول مرة أخرى',
  topicAddFailed: 'تعذّرت إضافة الموضوع، من فضلك حاول مرة أخرى',
  topicEditFailed: 'تعذّر تعديل الموضوع، من فضلك حاول مرة أخرى',
  topicDeleteFailed: 'تعذّر حذف الموضوع، من فضلك حاول مرة أخرى',
  cacheDeleteFailed: 'تعذّر مسح الذاكرة المؤقتة، من فضلك حاول مرة أخرى',

  // Chat
  chatLoadFailed: 'تعذّر تحميل المحادثات، من فضلك حاول مرة أخرى',
  chatRoomCreateFailed: 'تعذّر بدء المحادثة، من فضلك حاول مرة أخرى',
  chatSettingsFailed: 'تعذّر حفظ إعدادات المحادثة، من فضلك حاول مرة أخرى',
  messageSendFailed: 'لم تُرسَل الرسالة، اضغط لإعادة المحاولة',

  // Camera, microphone and media
  cameraNotFound: 'لم نجد كاميرا متصلة بجهازك، من فضلك وصّل كاميرا وحاول مرة أخرى',
  microphoneNotFound: 'لم نجد ميكروفونًا متصلًا بجهازك، من فضلك وصّل ميكروفونًا وحاول مرة أخرى',
  cameraPermissionDenied: 'لم يُسمح باستخدام الكاميرا، من فضلك اسمح بها من إعدادات المتصفح',
  microphonePermissionDenied: 'لم يُسمح باستخدام الميكروفون، من فضلك اسمح به من إعدادات المتصفح',
  deviceUnexpectedError: 'حدث خطأ غير متوقع في الكاميرا أو الميكروفون، من فضلك أعد تحميل الصفحة',
  mediaLoadFailed: 'تعذّر تحميل الملف، من فضلك حاول مرة أخرى',
  videoPlaybackFailed: 'تعذّر تشغيل الفيديو، من فضلك حاول مرة أخرى',
  unsupportedBrowser:
    'متصفحك لا يدعم هذه الخدمة، من فضلك استخدم أحدث إصدار من كروم أو فايرفوكس أو إيدج أو سفاري',
  noWebRtc: 'متصفحك لا يدعم مكالمات الفيديو (WebRTC)، من فضلك حدّثه أو استخدم متصفحًا آخر',
  deviceClockWarning:
    'يبدو أن ساعة جهازك أو منطقته الزمنية غير مضبوطة، من فضلك اضبطها حتى تظهر المواعيد بشكل صحيح',
  imageRecommendation: `يُفضَّل اختيار صورة JPG أو PNG أو GIF بمقاس ${formatNumber(IMAGE_MIN_SIDE_PX)}×${formatNumber(IMAGE_MIN_SIDE_PX)} بكسل على الأقل`,

  // Shared controls
  save: 'حفظ',
  next: 'التالي',
  back: 'السابق',
  skip: 'تخطَّ هذه الخطوة',
  /** `{step}` and `{total}` are replaced with ar-EG numbers by the Stepper. */
  stepOfTotal: 'الخطوة {step} من {total}',
  stepDone: 'مكتملة',
  showPassword: 'إظهار كلمة المرور',
  hidePassword: 'إخفاء كلمة المرور',

  // Image upload
  imageChoose: 'اختيار صورة',
  imageChooseAnother: 'اختيار صورة أخرى',
  imageUploadStart: 'رفع الصورة',
  imageUploadCancel: 'إلغاء الرفع',
  imageUploading: 'جارٍ رفع الصورة',
  imagePreviewAlt: 'معاينة الصورة المختارة',
  imageUploaded: 'تم رفع صورتك بنجاح',
  imageUploadFailed: 'تعذّر رفع الصورة، من فضلك حاول مرة أخرى',
  imageUploadCanceled: 'أُلغي رفع الصورة، ويمكنك رفعها مرة أخرى متى شئت',
  imageTooSmall: `الصورة أصغر من المقاس المُوصى به (${formatNumber(IMAGE_MIN_SIDE_PX)}×${formatNumber(IMAGE_MIN_SIDE_PX)} بكسل) وقد تظهر غير واضحة، ويمكنك رفعها رغم ذلك`,

  // Video upload (the tutor's intro video)
  videoChoose: 'اختيار فيديو',
  videoChooseAnother: 'اختيار فيديو آخر',
  videoUploadStart: 'رفع الفيديو',
  videoUploadCancel: 'إلغاء الرفع',
  videoUploading: 'جارٍ رفع الفيديو',
  videoUploaded: 'تم رفع الفيديو بنجاح، وسيراجعه فريقنا قريبًا',
  videoUploadFailed: 'تعذّر رفع الفيديو، من فضلك حاول مرة أخرى',
  videoUploadCanceled: 'أُلغي رفع الفيديو، ويمكنك رفعه مرة أخرى متى شئت',
  videoDurationUnreadable:
    'تعذّرت قراءة مدة الفيديو على جهازك، من فضلك اختر ملف فيديو سليمًا بصيغة MP4 أو MOV أو WebM',

  // Account: sign-in, sign-up and session
  signedIn: 'أهلًا بك، تم تسجيل دخولك بنجاح',
  registrationSucceeded: 'تم إنشاء حسابك بنجاح، أهلًا بك في طلاقة',
  loggedOut: 'تم تسجيل خروجك من حسابك',
  logoutConfirmTitle: 'تسجيل الخروج',
  logoutConfirmText: 'هل تريد تسجيل الخروج من حسابك على هذا الجهاز؟',
  logoutConfirmButton: 'نعم، سجّل خروجي',
  sessionLoadFailed: 'تعذّر تحميل بيانات حسابك، من فضلك حاول مرة أخرى',
  googleSignInFailed: 'تعذّر تسجيل الدخول بحساب جوجل، من فضلك حاول مرة أخرى',
  googleStateMismatch:
    'لم نتمكن من التحقق من طلب تسجيل الدخول بجوجل، ربما انتهت صلاحيته أو بدأ من متصفح آخر؛ من فضلك حاول مرة أخرى',

  // Account: codes, verification and settings
  codeSent: 'أرسلنا إليك رمز التأكيد، وقد يستغرق وصوله دقيقة أو اثنتين',
  passwordCodeMaybeSent:
    'إذا كان هذا البريد الإلكتروني مسجّلًا لدينا، فسيصلك رمز التأكيد خلال دقائق. تحقّق أيضًا من مجلد الرسائل غير المرغوب فيها',
  emailVerified: 'تم تأكيد بريدك الإلكتروني بنجاح',
  emailChangeCodeSent: 'أرسلنا رمز التأكيد إلى عنوانك الجديد، وقد يستغرق وصوله دقيقة أو اثنتين',
  emailChanged: 'تم تغيير بريدك الإلكتروني، وأخبرنا عنوانك السابق بذلك',
  emailChangeCancelled: 'ألغينا تغيير البريد الإلكتروني، ويبقى عنوانك الحالي كما هو',
  emailChangeFailed: 'تعذّر تغيير بريدك الإلكتروني، من فضلك حاول مرة أخرى',
  phoneVerified: 'تم تأكيد رقم هاتفك بنجاح، وستصلك الإشعارات عليه',
  passwordChanged: 'تم تغيير كلمة المرور بنجاح',
  profileUpdated: 'تم حفظ بيانات ملفك الشخصي بنجاح',
  notificationsUpdated: 'تم حفظ طريقة استلام الإشعارات',
  topicsSaved: 'تم حفظ الموضوعات المفضلة لديك',
  topicsLoadFailed: 'تعذّر تحميل قائمة الموضوعات، من فضلك حاول مرة أخرى',
  topicsSaveFailed: 'تعذّر حفظ الموضوعات المفضلة، من فضلك حاول مرة أخرى',

  // Lists, dialogs and forms (shared components: Pagination, ConfirmDialog, PasswordChecklist ...)
  pagination: 'التنقل بين الصفحات',
  paginationFirst: 'الصفحة الأولى',
  paginationPrevious: 'الصفحة السابقة',
  paginationNext: 'الصفحة التالية',
  paginationLast: 'الصفحة الأخيرة',
  paginationPageOf: 'صفحة {page} من {total}',
  paginationPageSize: 'عدد العناصر في الصفحة',
  confirm: 'تأكيد',
  cancel: 'إلغاء',
  loadFailedTitle: 'تعذّر تحميل البيانات',
  emptyListTitle: 'لا توجد عناصر لعرضها',
  passwordChecklistTitle: 'يجب أن تحتوي كلمة المرور على:',
  passwordRuleLength: `من ${formatNumber(PASSWORD_MIN_LENGTH)} إلى ${formatNumber(PASSWORD_MAX_LENGTH)} حرفًا`,
  passwordRuleLetter: 'حرف واحد على الأقل',
  passwordRuleDigit: 'رقم واحد على الأقل',
  passwordRuleNoSpaces: 'بدون مسافات',
  passwordRuleMet: 'متحقق',
  passwordRuleUnmet: 'لم يتحقق بعد',
} as const;

export type UiMessageKey = keyof typeof UI_MESSAGES;

/** Reads the `code` of an ApiError-like value, or the value itself when it is a code string. */
function codeOf(error: unknown): unknown {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'code' in error) {
    return (error as { code: unknown }).code;
  }
  return undefined;
}

/**
 * True for a request that never reached the server: the api-client's NetworkError, or the
 * TypeError that `fetch` throws when the connection fails.
 */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NetworkError' || error.message === 'Network Error') return true;
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}

/** The Arabic sentence to show a person for any thrown value. */
export function messageForError(error: unknown): string {
  const code = codeOf(error);
  if (isErrorCode(code)) return ERROR_MESSAGES[code];
  if (isNetworkError(error)) return UI_MESSAGES.connectionFailed;
  return UI_MESSAGES.unexpected;
}

/** The inline text for a field error given as a code or an already-written sentence. */
export function fieldErrorText(error: string | undefined | null): string | undefined {
  if (!error) return undefined;
  return isErrorCode(error) ? ERROR_MESSAGES[error] : error;
}
