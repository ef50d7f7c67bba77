import { Link } from 'react-router';
import { Avatar, Badge } from '@talaqa/ui';
import { LOCALE, formatCairoDateTime } from '@talaqa/domain';
import type { TutorCard as TutorCardData } from '@talaqa/domain';
import { tutorProfilePath } from '../../paths';
import { counted, reviewsText } from '../../lib/format';
import { useAssetUrl } from '../account/queries';
import { BookAction } from './BookAction';
import { useNearViewport } from './near-viewport';

const ratingFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

export function RatingText({ rating }: { rating: TutorCardData['rating'] }) {
  if (rating.average === null || rating.count === 0) {
    return <span className="text-sm text-muted">لا توجد تقييمات بعد</span>;
  }
  return (
    <span className="text-sm text-ink">
      <span aria-hidden="true">★ </span>
      {ratingFormat.format(rating.average)} ({reviewsText(rating.count)})
    </span>
  );
}

/** Lessons as the object of "قدّم": accusative in the one and two forms. */
const LESSONS_GIVEN = {
  one: 'درسًا واحدًا',
  two: 'درسين',
  few: 'دروس',
  many: 'درسًا',
  other: 'درس',
};

/** "قدّم ١١ درسًا", "قدّمت درسين", or that the tutor is new, in the tutor's gender. */
export function lessonsGivenText(count: number, gender: TutorCardData['gender']): string {
  const female = gender === 'female';
  if (count === 0)
    return female ? 'معلمة جديدة، لم تقدّم دروسًا بعد' : 'معلم جديد، لم يقدّم دروسًا بعد';
  return `${female ? 'قدّمت' : 'قدّم'} ${counted(count, LESSONS_GIVEN)}`;
}

/** "أقرب موعد متاح: …" in Cairo time, or that the week has none left. */
export const nextFreeText = (nextFreeAt: string | null): string =>
  nextFreeAt
    ? `أقرب موعد متاح: ${formatCairoDateTime(new Date(nextFreeAt))} (بتوقيت القاهرة)`
    : 'لا توجد مواعيد متاحة هذا الأسبوع';

/**
 * A tutor in the tutors list: portrait, name, rating, lessons given, bio, topics, the next free
 * time (Cairo) and the way to book. The portrait is fetched only when the card nears the screen.
 */
export function TutorCard({ tutor }: { tutor: TutorCardData }) {
  const { ref, near } = useNearViewport<HTMLElement>();
  const image = useAssetUrl(near ? tutor.image : null);
  const headingId = `tutor-${tutor.id}-name`;
  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex items-center gap-4">
        <Avatar name={tutor.name} src={image} size="card" loading="lazy" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-lg font-bold text-ink">
            <Link to={tutorProfilePath(tutor.id)} className="hover:underline">
              {tutor.name}
            </Link>
          </h2>
          <RatingText rating={tutor.rating} />
          <span className="text-sm text-muted" data-testid="lessons-given">
            {lessonsGivenText(tutor.lessonsGiven, tutor.gender)}
          </span>
        </div>
      </div>
      {tutor.bio && <p className="text-sm text-ink">{tutor.bio}</p>}
      {tutor.topics.length > 0 && (
        <ul aria-label="الموضوعات" className="flex flex-wrap gap-2">
          {tutor.topics.map((topic) => (
            <li key={topic.id}>
              <Badge>{topic.nameAr}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex flex-col gap-3 pt-1">
        <p className="text-sm text-muted" data-testid="next-free">
          {nextFreeText(tutor.nextFreeAt)}
        </p>
        <BookAction tutor={tutor} onCard className="w-full sm:w-auto sm:self-start" />
      </div>
    </article>
  );
}
