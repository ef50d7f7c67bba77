import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messageForError } from '../messages';
import { Alert } from './Alert';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { useToast } from './Toast';

export interface SignOutAllDevicesProps {
  /**
   * POST /auth/sign-out-all and keeping the fresh token it answers for this device (in the same
   * storage, remembered or not): each app's own API client does it.
   */
  signOut: () => Promise<unknown>;
}

/**
 * "Sign out of all devices" (issue 15), in the web app's and the dashboard's settings: every
 * session of the account ends at once, on phones, other browsers and open tabs elsewhere; this
 * device goes on with the fresh token. After a confirmation; a failure is told in the dialog.
 */
export function SignOutAllDevices({ signOut }: SignOutAllDevicesProps) {
  const toast = useToast();
  const signOutAll = useMutation({ mutationFn: signOut });
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    signOutAll.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('سُجّل خروجك من جميع الأجهزة الأخرى.');
      },
    });

  return (
    <section
      aria-labelledby="sign-out-all-title"
      className="flex max-w-md flex-col gap-3 border-t border-slate-200 pt-6"
    >
      <h3 id="sign-out-all-title" className="font-bold text-ink">
        الأجهزة المسجّل دخولها
      </h3>
      <p className="text-muted">
        إن فقدت هاتفك أو سجّلت الدخول من جهاز ليس لك، فسجّل الخروج من جميع الأجهزة الأخرى. يبقى هذا
        الجهاز مسجّلًا، وتغيير كلمة المرور يفعل ذلك أيضًا.
      </p>
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          تسجيل الخروج من جميع الأجهزة الأخرى
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) signOutAll.reset();
        }}
        title="تسجيل الخروج من جميع الأجهزة الأخرى؟"
        description="ستُغلق كل جلساتك على الهواتف والمتصفحات الأخرى، وعليها تسجيل الدخول من جديد. يبقى هذا الجهاز مسجّلًا."
        confirmLabel="نعم، سجّل الخروج منها"
        cancelLabel="تراجع"
        loading={signOutAll.isPending}
        onConfirm={confirm}
      >
        {signOutAll.isError && (
          <Alert tone="error" role="alert" title="لم يُسجَّل الخروج">
            {messageForError(signOutAll.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </section>
  );
}
