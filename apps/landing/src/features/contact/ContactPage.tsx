import { SUPPORT_WHATSAPP_DISPLAY, SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import { PageTitle } from '@talaqa/ui';
import { Island } from '../../site/island';
import { ContactFormPanel } from './ContactForm';

/** `/contact`: the contact form and the support chat. */
export default function ContactPage() {
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[2fr_1fr]">
      <div>
        <PageTitle title="تواصل معنا">
          <p>
            سؤال عن باقة، أو مشكلة في دفع أو درس، أو اقتراح؟ اكتب لنا وسيرد عليك فريق الدعم على
            بريدك.
          </p>
        </PageTitle>
        <Island name="contact">
          <ContactFormPanel />
        </Island>
      </div>
      <aside
        aria-labelledby="contact-chat"
        className="flex flex-col gap-3 self-start rounded-2xl bg-white p-6 shadow-sm"
      >
        <h2 id="contact-chat" className="text-lg font-bold text-ink">
          تحتاج ردًا أسرع؟
        </h2>
        <p className="text-muted">راسلنا على واتساب الدعم، وأرسل معه بريد حسابك إن كان لك حساب.</p>
        <a
          href={SUPPORT_WHATSAPP_URL}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-800 underline"
        >
          واتساب الدعم: <bdi dir="ltr">{SUPPORT_WHATSAPP_DISPLAY}</bdi>
        </a>
      </aside>
    </section>
  );
}
