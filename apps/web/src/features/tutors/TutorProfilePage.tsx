import { Link, useParams } from 'react-router';
import { isApiError } from '@talaqa/api-client';
import {
  Avatar,
  Badge,
  EmptyState,
  ErrorState,
  PageTitle,
  Skeleton,
  Tabs,
  buttonClasses,
  usePageTitle,
} from '@talaqa/ui';
import type { TutorProfile } from '@talaqa/domain';
import { mediaUrl } from '../../api';
import { useAssetUrl } from '../account/queries';
import { MessageTutorButton } from '../chat/MessageTutorButton';
import { useSession } from '../../lib/session';
import { paths } from '../../paths';
import { BookAction } from './BookAction';
import { RatingText, lessonsGivenText, nextFreeText } from './TutorCard';
import { TutorReviews } from './TutorReviews';
import { useTutor, useTutorEvents } from './queries';

const PAGE_TITLE = 'ملف المعلم';

const idOf = (value: string | undefined): number | null => {
  const id = Number(value);
  return value && /^\d+$/.test(value) && id > 0 ? id : null;
};

function ProfileTab({ tutor }: { tutor: TutorProfile }) {
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="tutor-about" className="flex flex-col gap-2">
        <h2 id="tutor-about" className="text-lg font-bold">
          نبذة عن المعلم
        </h2>
        <p className="whitespace-pre-line text-ink">
          {tutor.about ?? tutor.bio ?? 'لا توجد نبذة بعد.'}
        </p>
      </section>
      {tutor.topics.length > 0 && (
        <section aria-labelledby="tutor-topics" className="flex flex-col gap-2">
          <h2 id="tutor-topics" className="text-lg font-bold">
            التخصصات
          </h2>
          <ul className="flex flex-wrap gap-2">
            {tutor.topics.map((topic) => (
              <li key={topic.id}>
                <Badge>{topic.nameAr}</Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
      {tutor.video && (
        <section aria-labelledby="tutor-video" className="flex flex-col gap-2">
          <h2 id="tutor-video" className="text-lg font-bold">
            الفيديو التعريفي
          </h2>
          <video
            controls
            preload="metadata"
            src={mediaUrl(tutor.video)}
            poster={tutor.thumbnail ? mediaUrl(tutor.thumbnail) : undefined}
            aria-label={`الفيديو التعريفي للمعلم ${tutor.name}`}
            className="aspect-video w-full max-w-2xl rounded-2xl bg-slate-900"
          />
        </section>
      )}
    </div>
  );
}

/** /t/{id}: a tutor's profile and reviews, and the way to book a lesson. */
export default function TutorProfilePage() {
  const id = idOf(useParams().id);
  const tutor = useTutor(id);
  useTutorEvents(useSession().status === 'signed-in');
  const image = useAssetUrl(tutor.data?.image);
  usePageTitle(tutor.data?.name ?? PAGE_TITLE);

  const notFound =
    id === null ||
    (tutor.isError && isApiError(tutor.error) && tutor.error.code === 'tutor-not-found');
  if (notFound) {
    // Trying again cannot bring back a tutor who is not listed: offer the others instead.
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8">
        <PageTitle title={PAGE_TITLE} />
        <EmptyState
          title="لم نجد هذا المعلم"
          description="ربما لم يعد متاحًا على المنصة. اختر معلمًا آخر من قائمة المعلمين."
          action={
            <Link to={paths.tutors} className={buttonClasses()}>
              تصفّح المعلمين
            </Link>
          }
        />
      </div>
    );
  }
  if (tutor.isPending) {
    return (
      <div
        role="status"
        aria-label="جارٍ تحميل ملف المعلم"
        className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-8"
      >
        <PageTitle title={PAGE_TITLE} />
        <Skeleton className="h-24 w-24 rounded-full" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-full" />
      </div>
    );
  }
  if (tutor.isError) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8">
        <PageTitle title={PAGE_TITLE} />
        <ErrorState
          title="تعذّر تحميل ملف المعلم"
          error={tutor.error}
          onRetry={() => void tutor.refetch()}
          retrying={tutor.isFetching}
        />
      </div>
    );
  }
  const data = tutor.data;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar name={data.name} src={image} size="lg" className="self-center sm:self-start" />
        <div className="flex min-w-0 flex-1 flex-col gap-1 text-center sm:text-start">
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{data.name}</h1>
          {data.bio && <p className="text-base text-muted">{data.bio}</p>}
          <p className="flex flex-wrap justify-center gap-x-3 gap-y-1 sm:justify-start">
            <RatingText rating={data.rating} />
            <span className="text-sm text-muted" data-testid="lessons-given">
              {lessonsGivenText(data.lessonsGiven, data.gender)}
            </span>
          </p>
          <p className="text-sm text-muted">{nextFreeText(data.nextFreeAt)}</p>
        </div>
        <div className="flex flex-col gap-2 sm:w-auto sm:shrink-0 [&>*]:w-full">
          <BookAction tutor={data} />
          <MessageTutorButton tutor={{ id: data.id, name: data.name }} />
        </div>
      </header>
      <Tabs
        label="ملف المعلم"
        items={[
          { value: 'profile', label: 'الملف الشخصي', content: <ProfileTab tutor={data} /> },
          {
            value: 'reviews',
            label: 'التقييمات',
            // Keyed by the tutor so moving to another tutor starts at the first page.
            content: <TutorReviews key={data.id} tutorId={data.id} />,
          },
        ]}
      />
    </section>
  );
}
