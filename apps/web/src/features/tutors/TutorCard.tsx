import { Link } from 'react-router';
import { Avatar, Badge, formatNumber } from '@talaqa/ui';
import { LOCALE, formatCairoDateTime } from '@talaqa/domain';
import type { TutorCard as TutorCardData } from '@talaqa/domain';
import { tutorProfilePath } from '../../paths';
import { useAssetUrl } from '../account/queries';

const ratingFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

export function RatingText({ rating }: { rating: TutorCardData['rating'] }) {
  if (rating.average === null || rating.count === 0) {
    return <span className="text-sm text-muted">لا توجد تقييمات بعد</span>;
  }
  return (
    <span className="text-sm text-ink">
      ★ {ratingFormat.format(rating.average)} ({formatNumber(rating.count)} تقييم)
    </span>
  );
}

/** A tutor in the tutors list: name, picture, bio, topics and the next free time (Cairo). */
export function TutorCard({ tutor }: { tutor: TutorCardData }) {
  const image = useAssetUrl(tutor.image);
  const headingId = `tutor-${tutor.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex items-center gap-3">
        <Avatar name={tutor.name} src={image} />
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-lg font-bold text-ink">
            <Link to={tutorProfilePath(tutor.id)} className="hover:underline">
              {tutor.name}
            </Link>
          </h2>
          <RatingText rating={tutor.rating} />
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
      <p className="text-sm text-muted" data-testid="next-free">
        {tutor.nextFreeAt
          ? `أقرب موعد متاح: ${formatCairoDateTime(new Date(tutor.nextFreeAt))} (بتوقيت القاهرة)`
          : 'لا توجد مواعيد متاحة هذا الأسبوع'}
      </p>
    </article>
  );
}
