import { useState } from 'react';
import { Alert, Button, Dialog } from '@talaqa/ui';
import { useSession } from '../../lib/session';
import { EmailVerification } from './EmailVerification';

/** On the dashboards, while the e-mail is unverified: a banner whose button opens the check. */
export function EmailVerificationBanner() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  // Stays mounted through the success state, so the dialog can show it before it is closed.
  const [verifying, setVerifying] = useState(false);
  if (!user || (user.verifiedEmail && !verifying)) return null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 sm:px-6">
      {!user.verifiedEmail && (
        <Alert
          tone="warning"
          title="بريدك الإلكتروني غير مؤكَّد"
          action={
            <Button
              onClick={() => {
                setVerifying(true);
                setOpen(true);
              }}
            >
              أكِّد بريدك الآن
            </Button>
          }
        >
          تأكيد البريد الإلكتروني مطلوب لحجز الدروس والمحادثة مع المعلمين، ويستغرق دقيقة واحدة.
        </Alert>
      )}
      <Dialog
        title="تأكيد البريد الإلكتروني"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setVerifying(false);
        }}
      >
        <EmailVerification />
      </Dialog>
    </div>
  );
}
