import { PageTitle, buttonClasses } from '@talaqa/ui';
import { facts } from '../content/facts';
import { appLink, webRegisterUrl } from '../../paths';

const PRINCIPLES = [
  {
    title: 'درس فردي، والكلام لك',
    text: 'لا فصل ولا زملاء ينتظرون دورهم: الدرس بينك وبين معلمك، فتتكلم أنت معظم الوقت، ويصحح لك المعلم في اللحظة نفسها.',
  },
  {
    title: 'قليل منتظم أفضل من كثير متقطع',
    text: `الباقات دقائق أسبوعية تتجدد يوم ${facts.renewal}، حتى تتدرب كل أسبوع. والدرس ${facts.lessonLengths}: درس قصير للمراجعة السريعة، وطويل للمحادثة المتعمقة.`,
  },
  {
    title: 'موضوعات تهمك',
    text: 'اختر الموضوعات التي تحب الحديث عنها، واكتب مستواك وهدفك من التعلم في ملفك: دراسة، أو عمل، أو سفر، أو مقابلة قادمة. فيبني معلمك الدرس على ما تحتاجه أنت.',
  },
  {
    title: 'معلم تختاره وتثق به',
    text: `كل معلم قدّم فيديو تعريفيًا، واجتاز مقابلة مدتها ${facts.interview} وجلسة تجريبية مدتها ${facts.demo} مع فريقنا. شاهد فيديوهات المعلمين واقرأ تقييمات طلابهم قبل أن تحجز.`,
  },
] as const;

const LESSON_STEPS = [
  `قبل الدرس: تصلك تذكيرات ${facts.reminders}، وتفتح الغرفة قبل الموعد ب${facts.roomOpens} لتجرّب الكاميرا والميكروفون.`,
  'في الدرس: تحيّة قصيرة، ثم محادثة في موضوع تختاره، يصحح فيها المعلم النطق والتراكيب ويقترح كلمات جديدة.',
  'بعد الدرس: تراسل معلمك في المحادثة لتسأل عمّا فاتك، وتقيّمه لتساعد غيرك على الاختيار.',
] as const;

/** `/method`: how learning with Talaqa works. */
export default function MethodPage() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <PageTitle title="طريقتنا في التعليم">
        <p>
          نتعلم اللغة لنتكلمها. لذلك يقوم كل شيء في طلاقة على المحادثة: دروس فردية مباشرة مع معلم
          تختاره، بانتظام كل أسبوع.
        </p>
      </PageTitle>

      <h2 className="mb-4 text-xl font-bold text-ink">ما نؤمن به</h2>
      <ul className="mb-10 grid gap-4 md:grid-cols-2">
        {PRINCIPLES.map((item) => (
          <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-6">
            <h3 className="mb-2 text-lg font-bold text-brand-800">{item.title}</h3>
            <p className="text-muted">{item.text}</p>
          </li>
        ))}
      </ul>

      <h2 className="mb-4 text-xl font-bold text-ink">كيف يسير الدرس</h2>
      <ol className="mb-10 flex list-inside list-decimal flex-col gap-2 ps-1 text-ink marker:font-bold marker:text-brand-700">
        {LESSON_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>

      <div className="flex flex-col gap-3 rounded-3xl bg-brand-800 p-8 text-white">
        <h2 className="text-2xl font-bold">جرّب بنفسك</h2>
        <p className="text-white/90">
          كل طالب جديد يؤكد بريده يحصل على تجربة مجانية مدتها {facts.trial}.
        </p>
        <a
          {...appLink(webRegisterUrl('student'))}
          className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-fit' })}
        >
          أنشئ حساب طالب
        </a>
      </div>
    </section>
  );
}
