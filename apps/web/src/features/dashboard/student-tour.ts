import { paths } from '../../paths';
import type { TourStep } from './GuidedTour';

/** The elements of the student dashboard the tour points at (`tourTarget`). */
export const STUDENT_TOUR_TARGETS = {
  findTutor: 'find-tutor',
  upcoming: 'upcoming-lessons',
  minutes: 'minutes-left',
  past: 'past-lessons',
} as const;

/** The student's tour: each step points at an element of the dashboard (`STUDENT_TOUR_TARGETS`). */
export const STUDENT_TOUR_STEPS: readonly TourStep[] = [
  {
    title: 'ابحث عن معلم',
    body: 'تصفّح المعلمين واختر بحسب الموضوع والجنس والتقييم ومن لديه مواعيد متاحة هذا الأسبوع.',
    target: STUDENT_TOUR_TARGETS.findTutor,
  },
  {
    title: 'احجز درسًا',
    body: 'من صفحة المعلم اختر اليوم والمدة (١٥ أو ٣٠ دقيقة) والموعد، فيظهر درسك هنا، ومنه تدخل الدرس أو تغيّر موعده أو تلغيه.',
    target: STUDENT_TOUR_TARGETS.upcoming,
    link: { to: paths.upcomingLessons, label: 'الدروس القادمة' },
  },
  {
    title: 'دروسك السابقة',
    body: 'تجد هنا الدروس التي حضرتها، ومنها تقيّم المعلم، وبجانبها محادثاتك مع المعلمين.',
    target: STUDENT_TOUR_TARGETS.past,
    link: { to: paths.lessonsSchedule, label: 'جدول الدروس' },
  },
  {
    title: 'باقتك',
    body: 'بطاقة «الدقائق المتبقية» تعرض رصيدك هذا الأسبوع، ومن صفحة الباقات تشترك أو تتابع اشتراكك.',
    target: STUDENT_TOUR_TARGETS.minutes,
    link: { to: paths.plans, label: 'الباقات' },
  },
];
