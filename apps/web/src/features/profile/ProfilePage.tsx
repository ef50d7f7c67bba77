import { Link } from 'react-router';
import { LOCALE, Role } from '@talaqa/domain';
import {
  Avatar,
  Badge,
  ENGLISH_LEVEL_NAMES_AR,
  GENDER_NAMES_AR,
  GOVERNORATE_NAMES_AR,
  PageTitle,
  ROLE_NAMES_AR,
  buttonClasses,
} from '@talaqa/ui';
import type { ReactNode } from 'react';
import { paths } from '../../paths';
import { useAssetUrl } from '../account/queries';
import { useCurrentUser } from '../../lib/session';
import { yearText } from '../../lib/format';

const joined = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'long',
  timeZone: 'Africa/Cairo',
});

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-3 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="text-sm font-semibold text-muted sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

const missing = <span className="text-muted">لم يُحدَّد بعد</span>;

/** `/profile`: the signed-in user's card: picture, name, role, level, city and verifications. */
export default function ProfilePage() {
  const user = useCurrentUser();
  const image = useAssetUrl(user.image);
  const editPath = user.role === Role.Tutor ? paths.tutorProfileSettings : paths.studentSettings;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle title="الملف الشخصي" />
      <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <header className="flex flex-col items-center gap-4 bg-brand-50 p-6 text-center sm:flex-row sm:text-start">
          <Avatar name={user.name} src={image} size="lg" className="ring-4 ring-white" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <h2 className="text-2xl font-bold break-words text-ink">{user.name}</h2>
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              <Badge tone="brand">{ROLE_NAMES_AR[user.role]}</Badge>
              <Badge tone={user.verifiedEmail ? 'success' : 'warning'}>
                {user.verifiedEmail ? 'البريد مؤكَّد' : 'البريد غير مؤكَّد'}
              </Badge>
              <Badge tone={user.verifiedPhone ? 'success' : 'warning'}>
                {user.verifiedPhone ? 'الهاتف مؤكَّد' : 'الهاتف غير مؤكَّد'}
              </Badge>
            </div>
          </div>
          <Link to={editPath} className={buttonClasses({ variant: 'secondary' })}>
            تعديل الملف
          </Link>
        </header>
        <dl className="px-6 py-2">
          <Row label="البريد الإلكتروني">
            <bdi dir="ltr" className="break-all">
              {user.email}
            </bdi>
          </Row>
          <Row label="رقم الهاتف">{user.phone ? <bdi dir="ltr">{user.phone}</bdi> : missing}</Row>
          <Row label="مستوى الإنجليزية">
            {user.level ? ENGLISH_LEVEL_NAMES_AR[user.level] : missing}
          </Row>
          <Row label="المحافظة">{user.city ? GOVERNORATE_NAMES_AR[user.city] : missing}</Row>
          <Row label="النوع">{user.gender ? GENDER_NAMES_AR[user.gender] : missing}</Row>
          <Row label="سنة الميلاد">{user.birthYear ? yearText(user.birthYear) : missing}</Row>
          {user.job && <Row label="الوظيفة أو الدراسة">{user.job}</Row>}
          {user.aim && <Row label="الهدف من التعلّم">{user.aim}</Row>}
          <Row label="عضو منذ">{joined.format(new Date(user.createdAt))}</Row>
        </dl>
      </article>
    </section>
  );
}
