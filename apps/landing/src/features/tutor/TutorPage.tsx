import {
  INTERVIEW_MINUTES,
  DEMO_SESSION_MINUTES,
  LOCALE,
  WITHDRAWAL_MAX_EGP,
  WITHDRAWAL_MIN_EGP,
  WITHDRAWAL_PROCESSING_DAYS,
} from '@talaqa/domain';
import { PageTitle, buttonClasses } from '@talaqa/ui';
import { webRegisterUrl } from '../../paths';

const num = (value: number) => new Intl.NumberFormat(LOCALE).format(value);

const STEPS = [
  'أنشئ حسابك كمعلم وأكمل ملفك التعريفي.',
  'انضم إلى مجموعة الدعم، وارفع فيديو تعريفيًا قصيرًا عن نفسك.',
  `أجرِ مقابلة مدتها ${num(INTERVIEW_MINUTES)} دقيقة مع مسؤول المقابلات.`,
  `قدّم جلسة تجريبية مدتها ${num(DEMO_SESSION_MINUTES)} دقيقة.`,
  'حدّد مواعيدك المتاحة واستقبل طلابك. ويمكنك أيضًا حجز جلسة تصوير لملفك.',
];

/** `/tutor`: what joining Talaqa as a tutor involves (spec sections 1 and 9). */
export default function TutorPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <PageTitle title="انضم إلى طلاقة معلمًا">
        <p>درّس الإنجليزية أونلاين لطلاب من مصر، في المواعيد التي تختارها أنت.</p>
      </PageTitle>

      <h2 className="mb-4 text-xl font-bold text-ink">خطوات الانضمام</h2>
      <ol className="mb-8 flex list-inside list-decimal flex-col gap-2 ps-1 text-ink marker:font-bold marker:text-brand-700">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>

      <h2 className="mb-2 text-xl font-bold text-ink">أرباحك</h2>
      <p className="mb-8 text-muted">
        تسحب أرباحك عبر إنستاباي أو التحويل البنكي أو المحفظة الإلكترونية، بمبلغ بين{' '}
        {num(WITHDRAWAL_MIN_EGP)} و{num(WITHDRAWAL_MAX_EGP)} جنيه للطلب الواحد، ويُنفَّذ الطلب خلال{' '}
        {num(WITHDRAWAL_PROCESSING_DAYS.min)} إلى {num(WITHDRAWAL_PROCESSING_DAYS.max)} أيام عمل.
      </p>

      <a href={webRegisterUrl('tutor')} className={buttonClasses({ size: 'lg' })}>
        سجّل كمعلم
      </a>
    </section>
  );
}
