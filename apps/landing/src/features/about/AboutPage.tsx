import { Link } from 'react-router';
import { PageTitle } from '@talaqa/ui';
import { SupportLine } from '../content/document';
import { paths } from '../../paths';

const VALUES = [
  {
    title: 'الثقة أولًا',
    text: 'لا يدرّس معلم على طلاقة قبل أن يقابله فريقنا ويرى كيف يدرّس. ونعرض تقييمات الطلاب كما كتبوها.',
  },
  {
    title: 'أسعار واضحة بالجنيه',
    text: 'باقات بالجنيه المصري، وطرق دفع يعرفها الجميع: البطاقة، والمحفظة الإلكترونية، ومنافذ فوري. وقواعد الدقائق والإلغاء مكتوبة قبل أن تشترك.',
  },
  {
    title: 'وقتك محترم',
    text: 'إذا غاب المعلم تعود دقائقك تلقائيًا، وإذا ألغيت مبكرًا لا تخسر شيئًا.',
  },
  {
    title: 'خصوصيتك محفوظة',
    text: 'دروسك لا تُسجَّل، ولا نبيع بياناتك لأحد.',
  },
] as const;

/** `/about`: who we are and what we hold to. */
export default function AboutPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <PageTitle title="من نحن">
        <p>
          طلاقة منصة مصرية أنشأناها لأن كثيرين منا درسوا الإنجليزية سنوات طويلة ثم تردّدوا حين
          احتاجوا أن يتكلموها في مقابلة عمل أو في السفر.
        </p>
      </PageTitle>

      <div className="mb-10 flex flex-col gap-3 leading-relaxed text-ink">
        <h2 className="text-xl font-bold">ما نفعله</h2>
        <p>
          نصل الطلاب في مصر بمعلمين للغة الإنجليزية في دروس فردية مباشرة عبر الفيديو، من البيت وفي
          الموعد الذي يناسبهم. ونعطي المعلمين مكانًا يدرّسون فيه بمواعيدهم، ويحصلون على أرباحهم بطرق
          سحب مصرية مألوفة.
        </p>
        <p>
          هدفنا بسيط: أن تتكلم الإنجليزية بثقة. ولهذا نقيس نجاحنا بعدد الدروس التي يحضرها طلابنا
          بانتظام، لا بعدد الاشتراكات.
        </p>
      </div>

      <h2 className="mb-4 text-xl font-bold text-ink">ما نلتزم به</h2>
      <ul className="mb-10 grid gap-4 sm:grid-cols-2">
        {VALUES.map((value) => (
          <li key={value.title} className="rounded-2xl border border-slate-200 bg-white p-6">
            <h3 className="mb-2 text-lg font-bold text-brand-800">{value.title}</h3>
            <p className="text-muted">{value.text}</p>
          </li>
        ))}
      </ul>

      <div className="flex flex-col gap-2 rounded-2xl bg-brand-50 p-5 text-brand-900">
        <p>
          اقرأ{' '}
          <Link to={paths.method} className="font-semibold underline">
            طريقتنا في التعليم
          </Link>{' '}
          أو{' '}
          <Link to={paths.tutor} className="font-semibold underline">
            انضم إلينا معلمًا
          </Link>
          .
        </p>
        <SupportLine />
      </div>
    </section>
  );
}
