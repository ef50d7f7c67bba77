import { useState } from 'react';
import { Alert, Button, ConfirmDialog, messageForError, useToast } from '@talaqa/ui';
import { useSignOutAll } from './queries';

/**
 * "Sign out of all devices" (issue 15): every session of the account ends at once, on phones,
 * other browsers and open tabs elsewhere; this device goes on with the fresh token the server
 * answers. After a confirmation.
 */
export function SignOutAllDevices() {
  const toast = useToast();
  const signOutAll = useSignOutAll();
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
