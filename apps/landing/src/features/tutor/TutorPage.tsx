import { Link } from 'react-router';
import { PageTitle, buttonClasses } from '@talaqa/ui';
import { SupportLine } from '../content/document';
import { facts } from '../content/facts';
import { appLink, paths, webRegisterUrl } from '../../paths';

const WHO = [
  'تتحدث الإنجليزية بطلاقة، وتستطيع أن تشرح بالعربية حين يحتاج الطالب.',
  'تحب التدريس وتصبر على المبتدئين.',
  'عندك كمبيوتر أو موبايل بكاميرا وميكروفون، واتصال إنترنت مستقر، ومكان هادئ.',
  'عندك بريد إلكتروني ورقم هاتف على واتساب أو تيليجرام نؤكدهما قبل أن يظهر ملفك.',
] as const;

const STEPS = [
  'أنشئ حسابك كمعلم، واكتب اسمك ونبذة عنك بالعربية.',
  'انضم إلى مجموعة الدعم، وارفع فيديو تعريفيًا قصيرًا عن نفسك.',
  `احجز مقابلة مدتها ${facts.interview} مع مسؤول المقابلات.`,
  `قدّم جلسة تجريبية مدتها ${facts.demo} يرى فيها فريقنا كيف تدرّس.`,
  'حدّد مواعيدك المتاحة واستقبل طلابك. ويمكنك أيضًا حجز جلسة تصوير لملفك.',
] as const;

const PERKS = [
  {
    title: 'مواعيدك أنت',
    text: 'تحدد أوقاتك المتاحة كل أسبوع، ويحجز الطلاب فيها فقط. ولا يُلغى درس محجوز بتغيير مواعيدك.',
  },
  {
    title: 'طلاب جادون',
    text: 'الطلاب يدفعون باقاتهم مقدمًا، ويختارونك بعد مشاهدة فيديوك وتقييماتك.',
  },
  {
    title: 'أرباح تسحبها بسهولة',
    text: `عبر إنستاباي أو التحويل البنكي أو المحفظة الإلكترونية، بين ${facts.withdrawMin} و${facts.withdrawMax} جنيه للطلب، خلال ${facts.withdrawDays} أيام عمل.`,
  },
] as const;

/** `/tutor`: what joining Talaqa as a tutor involves (spec sections 1 and 9). */
export default function TutorPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <PageTitle title="انضم إلى طلاقة معلمًا">
        <p>درّس الإنجليزية أونلاين لطلاب من مصر، في المواعيد التي تختارها أنت.</p>
      </PageTitle>

      <ul className="mb-10 grid gap-4 md:grid-cols-3">
        {PERKS.map((perk) => (
          <li key={perk.title} className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 className="mb-2 text-lg font-bold text-brand-800">{perk.title}</h2>
            <p className="text-muted">{perk.text}</p>
          </li>
        ))}
      </ul>

      <h2 className="mb-4 text-xl font-bold text-ink">من نبحث عنه</h2>
      <ul className="mb-8 list-disc space-y-1 ps-6 text-ink marker:text-brand-700">
        {WHO.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      <h2 className="mb-4 text-xl font-bold text-ink">خطوات الانضمام</h2>
      <ol className="mb-4 flex list-inside list-decimal flex-col gap-2 ps-1 text-ink marker:font-bold marker:text-brand-700">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="mb-8 text-muted">
        إذا لم تُقبل هذه المرة، يمكنك التقديم مرة أخرى بعد {facts.reapply}.
      </p>

      <h2 className="mb-2 text-xl font-bold text-ink">الحضور والتزامك مع الطلاب</h2>
      <p className="mb-8 text-muted">
        ادخل غرفة الدرس في موعده: إذا لم تدخل خلال {facts.noShow} من البداية يُلغى الدرس وتعود دقائقه
        للطالب، وتُحسب الغيبة في إحصاءاتك. وترد على الطلاب الذين يراسلونك أولًا.
      </p>

      <div className="flex flex-wrap items-center gap-4">
        <a {...appLink(webRegisterUrl('tutor'))} className={buttonClasses({ size: 'lg' })}>
          سجّل كمعلم
        </a>
        <Link
          to={paths.faqRole.replace(':role', 'tutor')}
          className="font-semibold text-brand-800 underline"
        >
          أسئلة المعلمين الشائعة
        </Link>
      </div>
      <div className="mt-8 rounded-2xl bg-brand-50 p-5 text-brand-900">
        <SupportLine />
      </div>
    </section>
  );
}
