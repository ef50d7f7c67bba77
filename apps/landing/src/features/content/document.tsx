import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { SUPPORT_WHATSAPP_URL } from '@talaqa/domain';
import { PageTitle, formatNumber } from '@talaqa/ui';
import { paths } from '../../paths';

/** A paragraph, or a bulleted list of short points. */
export type Block = string | { list: readonly string[] };

/** One titled part of a long page; `id` is its anchor in the table of contents. */
export interface DocSection {
  id: string;
  title: string;
  body: readonly Block[];
}

/** Numbers in the content as the pages show every number (Arabic digits, ar-EG). */
export const num = (value: number): string => formatNumber(value);

function Blocks({ body }: { body: readonly Block[] }) {
  return (
    <>
      {body.map((block, index) =>
        typeof block === 'string' ? (
          <p key={index}>{block}</p>
        ) : (
          <ul key={index} className="list-disc space-y-1 ps-6 marker:text-brand-700">
            {block.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** The ways to reach support, said the same way at the end of every long page. */
export function SupportLine() {
  return (
    <p>
      لأي سؤال راسلنا على{' '}
      <a
        href={SUPPORT_WHATSAPP_URL}
        target="_blank"
        rel="noreferrer"
        className="font-semibold text-brand-800 underline"
      >
        واتساب الدعم
      </a>{' '}
      أو من{' '}
      <Link to={paths.contact} className="font-semibold text-brand-800 underline">
        صفحة تواصل معنا
      </Link>
      .
    </p>
  );
}

/**
 * A long page (terms, privacy): its title, when it was last updated, a table of contents that
 * links to each numbered section, and the sections.
 */
export function LegalDocument({
  title,
  intro,
  updated,
  sections,
}: {
  title: string;
  intro: ReactNode;
  updated: string;
  sections: readonly DocSection[];
}) {
  return (
    <article className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <PageTitle title={title}>
        {intro}
        <p className="mt-2 text-sm">آخر تحديث: {updated}</p>
      </PageTitle>
      <nav aria-labelledby="toc-title" className="mb-10 rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="toc-title" className="mb-3 text-lg font-bold text-ink">
          المحتويات
        </h2>
        <ol className="grid list-inside list-decimal gap-1 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-col gap-8">
        {sections.map((section, index) => (
          <section
            key={section.id}
            aria-labelledby={section.id}
            className="below-fold scroll-mt-24"
          >
            <h2 id={section.id} className="mb-3 text-xl font-bold text-ink">
              {num(index + 1)}. {section.title}
            </h2>
            <div className="flex flex-col gap-3 leading-relaxed text-ink">
              <Blocks body={section.body} />
            </div>
          </section>
        ))}
      </div>
      <div className="mt-10 rounded-2xl bg-brand-50 p-5 text-brand-900">
        <SupportLine />
      </div>
    </article>
  );
}

export { Blocks };
