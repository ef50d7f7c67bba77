import { Navigate, useLocation } from 'react-router';
import { PreparingPage } from '@talaqa/ui';
import { Role } from '@talaqa/domain';
import { paths } from '../../paths';
import { useCurrentUser } from '../../lib/session';

/**
 * /invoices: a student's receipts live beside their payments on /payments (one page, record
 * 310), so a student is sent there with the address's page and `#receipt-{id}` kept; a tutor's
 * earnings and withdrawal requests come with the tutors' invoices issue.
 */
export default function InvoicesPage() {
  const user = useCurrentUser();
  const location = useLocation();
  if (user.role === Role.Tutor) {
    return (
      <PreparingPage
        title="الأرباح وطلبات السحب"
        description="أرباحك كمعلم وطلبات سحبها عبر إنستاباي أو التحويل البنكي أو المحفظة الإلكترونية."
      />
    );
  }
  return (
    <Navigate
      replace
      to={{ pathname: paths.payments, search: location.search, hash: location.hash }}
    />
  );
}
