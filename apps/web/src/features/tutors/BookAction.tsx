import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@talaqa/ui';
import { Role } from '@talaqa/domain';
import { tutorProfilePath } from '../../paths';
import { BookLessonDialog } from '../booking/BookLessonDialog';
import { loginPathWithNext } from '../../lib/destinations';
import { useSession } from '../../lib/session';

export interface BookActionProps {
  tutor: { id: number; name: string };
  /** On a card in the list: says whom the lesson is with, and others than students see nothing. */
  onCard?: boolean;
  className?: string;
}

/**
 * "احجز درسًا": a student opens the booking dialog, a visitor signs in first and comes back to the
 * tutor's profile; other roles cannot book.
 */
export function BookAction({ tutor, onCard = false, className }: BookActionProps) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const user = session.user;
  const label = 'احجز درسًا';
  // Several cards share a page: each button says whose it is to a screen reader.
  const accessibleName = onCard ? `احجز درسًا مع ${tutor.name}` : undefined;
  if (!user) {
    return (
      <Link
        to={loginPathWithNext(tutorProfilePath(tutor.id))}
        aria-label={accessibleName}
        className={buttonClasses({ variant: 'primary', className })}
      >
        {label}
      </Link>
    );
  }
  if (user.role !== Role.Student) {
    return onCard ? null : <p className="text-sm text-muted">حجز الدروس متاح لحسابات الطلاب.</p>;
  }
  return (
    <>
      <Button aria-label={accessibleName} className={className} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <BookLessonDialog
        tutor={{ id: tutor.id, name: tutor.name }}
        user={user}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
