import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { tutorNameSchema } from '@talaqa/domain';
import { Alert, PageTitle, buttonClasses, cx } from '@talaqa/ui';
import { paths } from '../../paths';
import { ProfileImageForm } from '../account/ProfileImageForm';
import { ProfileVisibility } from '../account/ProfileVisibility';
import { useTutorMeta } from '../account/queries';
import { TutorProfileForm } from '../account/TutorProfileForm';
import { VerificationPanel } from '../account/VerificationPanel';
import { useCurrentUser } from '../../lib/session';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/**
 * `/t/complete-profile`: what a tutor profile needs before students can see it: an Arabic name,
 * the bio and about texts in Arabic, a picture, and the verified e-mail and phone. The saved
 * texts come from GET /user/tutor/meta; saving them refreshes it.
 */
export default function CompleteTutorProfilePage() {
  const user = useCurrentUser();
  const meta = useTutorMeta();
  const textSaved = Boolean(meta.data?.bio && meta.data.about);
  const items = [
    { label: 'الاسم بالعربية', done: tutorNameSchema.safeParse(user.name).success },
    { label: 'النبذة وفقرة «عن المعلم»', done: textSaved },
    { label: 'الصورة الشخصية', done: user.image !== null },
    { label: 'تأكيد البريد الإلكتروني', done: user.verifiedEmail },
    { label: 'تأكيد رقم الهاتف', done: user.verifiedPhone },
  ];
  const complete = items.every((item) => item.done);
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="إكمال ملف المعلم">
        <p>البيانات التي يحتاجها ملفك كمعلم، وهل يراه الطلاب الآن.</p>
      </PageTitle>

      <ProfileVisibility />

      <Card title="ما يحتاجه ملفك">
        <ul className="grid gap-2 sm:grid-cols-2">
          {items.map((item) => (
            <li
              key={item.label}
              className={cx(
                'flex items-center gap-2 rounded-lg px-3 py-2',
                item.done ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-50 text-ink',
              )}
            >
              <span aria-hidden="true" className="font-bold">
                {item.done ? '✓' : '○'}
              </span>
              <span>{item.label}</span>
              <span className="sr-only">{item.done ? '(مكتمل)' : '(غير مكتمل)'}</span>
            </li>
          ))}
        </ul>
        {complete && (
          <Alert
            tone="success"
            role="status"
            title="اكتمل ملفك"
            action={
              <Link to={paths.tutorOnboarding} className={buttonClasses()}>
                متابعة خطوات الانضمام
              </Link>
            }
          >
            الخطوة التالية: الفيديو التعريفي والمقابلة والجلسة التجريبية.
          </Alert>
        )}
      </Card>

      <Card title="الاسم والنبذة">
        <TutorProfileForm />
      </Card>

      <Card title="صورتك الشخصية">
        <ProfileImageForm />
      </Card>

      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <VerificationPanel intro="تأكيد البريد الإلكتروني ورقم الهاتف يتيح لنا ولطلابك التواصل معك بشأن الدروس." />
      </div>
    </section>
  );
}
