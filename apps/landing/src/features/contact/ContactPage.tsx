import { PreparingPage } from '@talaqa/ui';

export default function ContactPage() {
  return <PreparingPage title="تواصل معنا" description="أرسل لنا عنوان رسالتك ونصها وسنرد عليك." />;
}
