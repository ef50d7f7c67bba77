import type { IslandName } from './island';
import { paths } from '../paths';

/**
 * Every page of the marketing site as the build writes it and search engines find it (spec
 * section 2, issue 24): its address, the Arabic title and description of its head, and what it
 * needs beyond HTML. `/url/{name}` is not here: the server answers it with a redirect.
 */
export interface SitePage {
  path: string;
  /** The `<title>` (the brand is added after it) and the sharing cards' title. */
  title: string;
  /** The `<meta name="description">` and the sharing cards' text: 70 to 160 characters. */
  description: string;
  /** The page's island, when it has one (record 355): the only pages that run React. */
  island?: IslandName;
  /** What the server renders again from the database (record 355). */
  live?: 'plans' | 'stats';
  /** Structured data beyond the Organization every page carries. */
  structuredData?: 'faq' | 'offers';
}

const faqRolePath = (role: string) => paths.faqRole.replace(':role', role);

export const SITE_PAGES: readonly SitePage[] = [
  {
    path: paths.home,
    title: 'تعلّم الإنجليزية بطلاقة',
    description:
      'دروس إنجليزي فردية مباشرة عبر الفيديو مع معلمين مختارين بعناية، للطلاب في مصر، بمواعيد تختارها وأسعار بالجنيه المصري.',
    live: 'stats',
  },
  {
    path: paths.tutor,
    title: 'انضم إلى طلاقة معلمًا',
    description:
      'درّس الإنجليزية أونلاين في المواعيد التي تحددها: خطوات الانضمام والمقابلة والجلسة التجريبية، وأرباحك وطرق سحبها.',
  },
  {
    path: paths.terms,
    title: 'الشروط والأحكام',
    description:
      'شروط استخدام منصة طلاقة: الحسابات والباقات والدفع والاسترداد وحجز الدروس وإلغاؤها وواجبات الطلاب والمعلمين.',
  },
  {
    path: paths.privacy,
    title: 'سياسة الخصوصية',
    description:
      'كيف تجمع طلاقة بياناتك وتستخدمها وتحفظها: الحساب والدفع والدروس والمحادثات، وحقوقك في الاطلاع عليها وحذفها.',
  },
  {
    path: paths.pricing,
    title: 'الأسعار والباقات',
    description:
      'باقات دروس الإنجليزية بالجنيه المصري: دقائق أسبوعية تتجدد كل أسبوع، واشتراك شهري أو ربع سنوي أو سنوي بخصم.',
    live: 'plans',
    structuredData: 'offers',
  },
  {
    path: paths.faq,
    title: 'الأسئلة الشائعة',
    description:
      'إجابات قصيرة عن طلاقة: الدروس عبر الفيديو، والباقات والدفع، والحجز والإلغاء، والانضمام إلينا معلمًا.',
    structuredData: 'faq',
  },
  {
    path: faqRolePath('student'),
    title: 'أسئلة الطلاب الشائعة',
    description:
      'أسئلة الطلاب عن باقات طلاقة والدفع بالبطاقة أو المحفظة أو فوري، وحجز الدروس وإلغائها، واختيار المعلم والاسترداد.',
    structuredData: 'faq',
  },
  {
    path: faqRolePath('tutor'),
    title: 'أسئلة المعلمين الشائعة',
    description:
      'أسئلة المعلمين عن الانضمام إلى طلاقة: الفيديو التعريفي والمقابلة والجلسة التجريبية، وإدارة المواعيد وسحب الأرباح.',
    structuredData: 'faq',
  },
  {
    path: paths.contact,
    title: 'تواصل معنا',
    description:
      'اكتب لفريق دعم طلاقة عن باقة أو دفع أو درس أو اقتراح، ونرد عليك على بريدك، أو راسلنا على واتساب الدعم.',
    island: 'contact',
  },
  {
    path: paths.method,
    title: 'طريقتنا في التعليم',
    description:
      'كيف نعلّم الإنجليزية في طلاقة: تحديد المستوى، ودروس محادثة فردية مع معلم ثابت، ومتابعة تقدمك أسبوعًا بعد أسبوع.',
  },
  {
    path: paths.about,
    title: 'من نحن',
    description:
      'طلاقة منصة مصرية لتعلّم الإنجليزية مع معلمين يمرون بمقابلة وجلسة تجريبية قبل أن يدرّسوا: قصتنا وما نعد به طلابنا.',
  },
];

/** Pages that are not addresses of their own: the server answers with them. */
export const SERVICE_PAGES = {
  notFound: {
    path: '/404',
    title: 'الصفحة غير موجودة',
    description: 'الصفحة التي طلبتها غير موجودة في موقع طلاقة.',
  },
  shortLinkNotFound: {
    path: '/url/not-found',
    title: 'الرابط غير موجود',
    description: 'هذا الرابط المختصر غير موجود أو توقف العمل به.',
  },
} as const satisfies Record<string, SitePage>;

export const sitePage = (path: string): SitePage | undefined =>
  SITE_PAGES.find((page) => page.path === path);
