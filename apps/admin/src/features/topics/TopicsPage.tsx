import { PreparingPage } from '@talaqa/ui';

export default function TopicsPage() {
  return (
    <PreparingPage
      title="الموضوعات"
      description="موضوعات المحادثة بالعربية والإنجليزية، مع إضافتها وتعديلها وحذفها."
    />
  );
}
