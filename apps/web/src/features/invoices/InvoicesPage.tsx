import { Navigate, useLocation } from 'react-router';
import { Role } from '@talaqa/domain';
import { paths } from '../../paths';
import { useCurrentUser } from '../../lib/session';
import { TutorEarnings } from './TutorEarnings';

/**
 * /invoices: a tutor's earnings and withdrawal requests (issue 22); a student's receipts live
 * beside their payments on /payments (one page, record 310), so a student is sent there with the
 * address's page and `#receipt-{id}` kept.
 */
export default function InvoicesPage() {
  const user = useCurrentUser();
  const location = useLocation();
  if (user.role === Role.Tutor) return <TutorEarnings tutorId={user.id} />;
  return (
    <Navigate
      replace
      to={{ pathname: paths.payments, search: location.search, hash: location.hash }}
    />
  );
}
