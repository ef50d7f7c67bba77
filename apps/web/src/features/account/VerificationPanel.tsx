import { useState } from 'react';
import type { ReactNode } from 'react';
import { Badge, Button, Dialog } from '@talaqa/ui';
import { useCurrentUser } from '../../lib/session';
import { ChangeEmailForm } from './ChangeEmailForm';
import { EmailVerification } from './EmailVerification';
import { PhoneVerification } from './PhoneVerification';

function VerificationRow({
  title,
  value,
  verified,
  children,
}: {
  title: string;
  value: string | null;
  verified: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-bold text-ink">{title}</h3>
          <Badge tone={verified ? 'success' : 'warning'}>{verified ? 'مؤكَّد' : 'غير مؤكَّد'}</Badge>
        </div>
        <p className="truncate text-sm text-muted">
          {value ? <bdi dir="ltr">{value}</bdi> : 'لم يُضَف بعد'}
        </p>
      </div>
      {!verified && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          تأكيد {title}
        </Button>
      )}
      <Dialog title={`تأكيد ${title}`} open={open} onOpenChange={setOpen}>
        {children}
      </Dialog>
    </li>
  );
}

/**
 * The e-mail and phone with their verification status, each with a button to verify it; in the
 * settings also the form that changes the e-mail (`changeEmail`).
 */
export function VerificationPanel({
  intro,
  changeEmail = false,
}: {
  intro?: ReactNode;
  changeEmail?: boolean;
}) {
  const user = useCurrentUser();
  return (
    <section aria-labelledby="verification-title" className="flex flex-col gap-3">
      <h2 id="verification-title" className="text-lg font-bold text-ink">
        تأكيد البريد الإلكتروني ورقم الهاتف
      </h2>
      {intro && <div className="text-muted">{intro}</div>}
      <ul className="flex flex-col gap-3">
        <VerificationRow title="البريد الإلكتروني" value={user.email} verified={user.verifiedEmail}>
          <EmailVerification />
        </VerificationRow>
        <VerificationRow title="رقم الهاتف" value={user.phone} verified={user.verifiedPhone}>
          <PhoneVerification />
        </VerificationRow>
      </ul>
      {changeEmail && (
        <section aria-labelledby="change-email-title" className="flex flex-col gap-3 pt-2">
          <h3 id="change-email-title" className="font-bold text-ink">
            تغيير البريد الإلكتروني
          </h3>
          <ChangeEmailForm />
        </section>
      )}
    </section>
  );
}
