import { ErrorPage, NotFoundIllustration, UI_MESSAGES } from '@talaqa/ui';

/**
 * `/url/{name}` of a name that is no link (or a switched-off one). A known name never shows a
 * page: the server redirects it with its campaign (record 355).
 */
export default function ShortLinkNotFoundPage() {
  return (
    <ErrorPage
      title="الرابط غير موجود"
      subtitle="هذا الرابط المختصر غير موجود أو توقف العمل به. تأكد من كتابته كما وصلك، أو تصفّح طلاقة من صفحتها الرئيسية."
      buttonLabel={UI_MESSAGES.notFoundButton}
      illustration={<NotFoundIllustration className="h-32 w-auto" />}
    />
  );
}
