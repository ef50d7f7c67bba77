import { Link } from 'react-router';
import { buttonClasses, formatNumber, usePageTitle } from '@talaqa/ui';
import { appLink, paths, webRegisterUrl } from '../../paths';
import { HomeFigures } from './HomeFigures';
import { HeroIllustration, STEP_ART } from './illustrations';
import { TrustMarks } from './TrustMarks';

const AUDIENCES = [
  {
    title: 'للطلاب',
    text: 'لكل من يريد أن يتكلم الإنجليزية بثقة في الدراسة أو العمل أو السفر، من المستوى المبتدئ حتى المتقدم.',
  },
  {
    title: 'لأولياء الأمور',
    text: 'دروس فردية آمنة عبر الفيديو يحضرها أبناؤكم من البيت، بمواعيد تختارونها وأسعار بالجنيه المصري.',
  },
  {
    title: 'للمعلمين',
    text: 'درّس الإنجليزية أونلاين في المواعيد التي تحددها، واسحب أرباحك عبر إنستاباي أو البنك أو المحفظة الإلكترونية.',
  },
] as const;

const STEPS = [
  {
    title: 'اختر معلمك',
    text: 'تصفّح ملفات المعلمين وفيديوهاتهم التعريفية وتقييمات طلابهم، واختر من يناسبك.',
  },
  {
    title: 'اشترك في باقة',
    text: 'باقات بعدد دقائق أسبوعي تتجدد كل أسبوع، والدفع بالبطاقة أو المحفظة الإلكترونية أو فوري.',
  },
  {
    title: 'احجز درسك وابدأ',
    text: 'احجز موعدًا خلال الأسبوع، وادخل الدرس بالفيديو من متصفحك مباشرة بلا برامج إضافية.',
  },
] as const;

export default function HomePage() {
  usePageTitle('تعلّم الإنجليزية بطلاقة');
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-surface">
        <div className="mx-auto grid w-full max-w-6xl items-center gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,1fr)_26rem] lg:py-20">
          <div className="flex min-w-0 flex-col gap-6">
            <p className="w-fit rounded-full bg-accent-100 px-4 py-1 text-sm font-semibold text-brand-900">
              دروس إنجليزي فردية مباشرة عبر الفيديو
            </p>
            <h1 className="max-w-3xl text-3xl leading-tight font-bold text-ink sm:text-5xl sm:leading-tight">
              تحدّث الإنجليزية بطلاقة مع معلمين تثق بهم
            </h1>
            <p className="max-w-2xl text-lg text-muted sm:text-xl">
              طلاقة منصة لتعلّم اللغة الإنجليزية للطلاب في مصر: تختار معلمك، وتحجز الدرس في الوقت
              الذي يناسبك، وتتدرب على المحادثة في دروس مباشرة فردية من بيتك.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <a {...appLink(webRegisterUrl('student'))} className={buttonClasses({ size: 'lg' })}>
                ابدأ الآن كطالب
              </a>
              <Link
                to={paths.pricing}
                className={buttonClasses({ size: 'lg', variant: 'secondary' })}
              >
                تعرّف على الباقات
              </Link>
            </div>
            <HomeFigures />
          </div>
          <HeroIllustration className="mx-auto h-auto w-full max-w-sm lg:max-w-none" />
        </div>
      </section>

      <section
        aria-labelledby="audiences"
        className="below-fold mx-auto w-full max-w-6xl px-4 py-12 sm:px-6"
      >
        <h2 id="audiences" className="mb-6 text-2xl font-bold text-ink sm:text-3xl">
          لمن طلاقة؟
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {AUDIENCES.map((item) => (
            <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-6">
              <h3 className="mb-2 text-xl font-bold text-brand-800">{item.title}</h3>
              <p className="text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how" className="below-fold bg-white">
        <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="how" className="mb-6 text-2xl font-bold text-ink sm:text-3xl">
            كيف تبدأ؟
          </h2>
          <ol className="grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => {
              const Art = STEP_ART[index];
              return (
                <li key={step.title} className="flex flex-col gap-3">
                  {Art && <Art />}
                  <div className="flex gap-4">
                    <span
                      aria-hidden="true"
                      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                    >
                      {formatNumber(index + 1)}
                    </span>
                    <div>
                      <h3 className="mb-1 text-lg font-bold text-ink">{step.title}</h3>
                      <p className="text-muted">{step.text}</p>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      <TrustMarks />

      <section
        aria-labelledby="vetted"
        className="below-fold mx-auto w-full max-w-6xl px-4 py-12 sm:px-6"
      >
        <div className="flex flex-col gap-4 rounded-3xl bg-brand-800 p-8 text-white sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="vetted" className="mb-2 text-2xl font-bold">
              معلمون مختارون بعناية
            </h2>
            <p className="text-white/90">
              لا ينضم معلم إلى طلاقة إلا بعد فيديو تعريفي ومقابلة مع فريقنا وجلسة تجريبية، حتى تتعلم
              مع من يعرف كيف يُعلّم.
            </p>
          </div>
          <a
            {...appLink(webRegisterUrl('student'))}
            className={buttonClasses({
              variant: 'secondary',
              size: 'lg',
              className: 'shrink-0 border-white',
            })}
          >
            أنشئ حساب طالب
          </a>
        </div>
      </section>
    </>
  );
}
