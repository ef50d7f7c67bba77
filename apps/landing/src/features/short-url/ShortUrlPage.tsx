import { PreparingPage } from '@talaqa/ui';

export default function ShortUrlPage() {
  return (
    <PreparingPage
      title="رابط مختصر"
      description="هذا الرابط المختصر سيوجّهك إلى صفحته على طلاقة."
    />
  );
}
