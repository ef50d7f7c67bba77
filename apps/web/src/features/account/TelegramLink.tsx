import { useState } from 'react';
import { Alert, Button } from '@talaqa/ui';
import { useTelegramLink } from './queries';

/**
 * Telegram can write only to people who opened the bot, so before a code can arrive there the
 * person links their chat: this button asks the server for a one-time link to the bot (for the
 * number typed in the form), opens it in a new tab, and the person presses Start and shares
 * their number. Then "send code" works.
 */
export function TelegramLink({
  phone,
  onFailure,
}: {
  /** The number as typed in the form; the server checks it. */
  phone: string;
  /** Puts a refused number under the phone field (the form's own failure handler). */
  onFailure: (error: unknown) => void;
}) {
  const link = useTelegramLink();
  const [answer, setAnswer] = useState<{ phone: string; url: string; linked: boolean } | null>(
    null,
  );

  const openBot = async () => {
    // Opened during the click itself, or browsers would block it as a pop-up; filled in below.
    const tab = window.open('', '_blank');
    try {
      const result = await link.mutateAsync(phone);
      setAnswer({ phone, url: result.url, linked: result.linked });
      if (result.linked) {
        tab?.close();
        return;
      }
      if (tab) {
        // The bot's page must not reach back into this one.
        tab.opener = null;
        tab.location.href = result.url;
      }
    } catch (error) {
      tab?.close();
      setAnswer(null);
      onFailure(error);
    }
  };

  const current = answer?.phone === phone ? answer : null;
  return (
    <Alert
      tone="info"
      title="ربط تيليجرام"
      action={
        <Button variant="secondary" loading={link.isPending} onClick={() => void openBot()}>
          التحقق عبر تيليجرام
        </Button>
      }
    >
      <p>لا يستطيع بوت طلاقة مراسلتك على تيليجرام قبل أن تبدأ المحادثة معه. مرة واحدة فقط:</p>
      <ol className="ms-5 list-decimal">
        <li>اضغط «التحقق عبر تيليجرام» ليُفتح بوت طلاقة في نافذة جديدة.</li>
        <li>اضغط «ابدأ» (Start) في تيليجرام.</li>
        <li>اضغط زر «مشاركة رقم هاتفي» ليصلنا رقمك نفسه.</li>
        <li>عُد إلى هنا واضغط «أرسل رمز التأكيد».</li>
      </ol>
      {current && (
        <p role="status" className="mt-2 font-semibold">
          {current.linked ? (
            'هذا الرقم مربوط بتيليجرام بالفعل، اضغط «أرسل رمز التأكيد» ليصلك الرمز هناك.'
          ) : (
            <>
              فتحنا بوت طلاقة في نافذة جديدة. إن لم تُفتح،{' '}
              <a href={current.url} target="_blank" rel="noopener noreferrer" className="underline">
                افتح البوت من هنا
              </a>
              .
            </>
          )}
        </p>
      )}
    </Alert>
  );
}
