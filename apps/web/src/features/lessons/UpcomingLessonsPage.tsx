import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses, EmptyState, NoLessonsIllustration, PageTitle } from '@talaqa/ui';
import { LessonRatification, LessonTiming, Role } from '@talaqa/domain';
import { paths } from '../../paths';
import { useCurrentUser } from '../../lib/session';
import { LessonList } from './LessonList';

const QUERY = { when: LessonTiming.Future, state: LessonRatification.Ratified } as const;

/** /upcoming-lessons: the caller's booked lessons that have not started, soonest first. */
export default function UpcomingLessonsPage() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const isTutor = user.role === Role.Tutor;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="الدروس القادمة">
        <p>دروسك المحجوزة القادمة بتوقيت القاهرة، مع تعديلها أو إلغائها.</p>
      </PageTitle>
      <LessonList
        query={QUERY}
        page={page}
        onPageChange={setPage}
        name="الدروس القادمة"
        actions
        empty={
          <EmptyState
            illustration={<NoLessonsIllustration />}
            title="لا توجد دروس قادمة"
            description={
              isTutor
                ? 'عندما يحجز طالب درسًا معك سيظهر هنا فورًا.'
                : 'احجز درسًا مع أحد المعلمين ليظهر هنا.'
            }
            action={
              isTutor ? (
                <Link to={paths.scheduleManagement} className={buttonClasses()}>
                  إدارة مواعيدك
                </Link>
              ) : (
                <Link to={paths.tutors} className={buttonClasses()}>
                  تصفّح المعلمين
                </Link>
              )
            }
          />
        }
      />
    </section>
  );
}
