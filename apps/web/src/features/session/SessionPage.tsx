import { Link } from 'react-router';
import { PageTitle } from '@talaqa/ui';
import { paths } from '../../paths';
import { ReadyScreen } from './ReadyScreen';

/** /session: the device check, open to any signed-in person at any time. */
export default function SessionPage() {
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="فحص الكاميرا والميكروفون">
        <p>
          تأكد قبل درسك أن الكاميرا والميكروفون يعملان، واختر ما تستخدمه منهما. تُفتح غرفة الدرس من{' '}
          <Link to={paths.upcomingLessons} className="font-semibold text-brand-700 underline">
            صفحة الدرس
          </Link>{' '}
          قبل موعده بعشر دقائق.
        </p>
      </PageTitle>
      <ReadyScreen />
    </section>
  );
}
