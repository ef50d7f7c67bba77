import { PreparingPage } from '@talaqa/ui';

export default function ChatPage() {
  return (
    <PreparingPage
      title="المحادثات"
      description="هنا ستتابع محادثاتك مع المعلمين: المثبّتة، وكل المحادثات، والبحث فيها."
    />
  );
}
