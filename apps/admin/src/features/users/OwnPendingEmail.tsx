import { useState } from 'react';
import type { FormEvent } from 'react';
import { VERIFICATION_CODE_LENGTH } from '@talaqa/domain';
import { Alert, Button, CodeInput, UI_MESSAGES, useToast } from '@talaqa/ui';
import { actionErrorText } from '../../lib/forms';
import { useConfirmOwnEmail } from './queries';

/**
 * An admin's own new e-mail waits for the code sent to it (issue 15): the code is typed here, and
 * the account keeps its current address until then.
 */
export function OwnPendingEmail({ email, pendingEmail }: { email: string; pendingEmail: string }) {
  const toast = useToast();
  const confirm = useConfirmOwnEmail();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== VERIFICATION_CODE_LENGTH) {
      setError(UI_MESSAGES.emailChangeFailed);
      return;
    }
    setError(undefined);
    confirm.mutate(code, {
      onSuccess: () => toast.success(UI_MESSAGES.emailChanged),
      onError: (failure) => setError(actionErrorText(failure, UI_MESSAGES.emailChangeFailed)),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="mb-4 flex flex-col gap-3">
      <Alert tone="info" role="status" title="تحقّق من بريدك الجديد">
        <p>
          أرسلنا رمزًا من ٥ أرقام إلى <bdi dir="ltr">{pendingEmail}</bdi>. يبقى{' '}
          <bdi dir="ltr">{email}</bdi> بريد حسابك حتى تُدخل الرمز هنا.
        </p>
      </Alert>
      <CodeInput
        label="رمز التأكيد"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <div>
        <Button type="submit" loading={confirm.isPending}>
          تأكيد العنوان الجديد
        </Button>
      </div>
    </form>
  );
}
