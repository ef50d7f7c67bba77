import { Link } from 'react-router';
import { PageTitle, buttonClasses } from '@talaqa/ui';
import { paths, registerPath } from '../../paths';

export default function HomePage() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <PageTitle title="أهلًا بك في طلاقة">
        <p>
          تعلّم الإنجليزية في دروس فردية مباشرة مع معلمين اخترناهم بعناية، في المواعيد التي تناسبك.
        </p>
      </PageTitle>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link to={registerPath('student')} className={buttonClasses()}>
          أنشئ حساب طالب
        </Link>
        <Link to={paths.tutors} className={buttonClasses({ variant: 'secondary' })}>
          تصفّح المعلمين
        </Link>
        <Link to={paths.plans} className={buttonClasses({ variant: 'secondary' })}>
          اطّلع على الباقات
        </Link>
      </div>
      <p className="mt-8 text-muted">
        هل أنت معلم لغة إنجليزية؟{' '}
        <Link
          to={registerPath('tutor')}
          className="font-semibold text-brand-800 underline underline-offset-4"
        >
          انضم إلينا معلمًا
        </Link>
      </p>
    </section>
  );
}
