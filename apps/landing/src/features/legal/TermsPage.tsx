import { LegalDocument } from '../content/document';
import { TERMS_INTRO, TERMS_SECTIONS, TERMS_UPDATED } from './terms-content';

/** `/terms`: the terms of use, with a table of contents (text in ./terms-content). */
export default function TermsPage() {
  return (
    <LegalDocument
      title="الشروط والأحكام"
      intro={<p>{TERMS_INTRO}</p>}
      updated={TERMS_UPDATED}
      sections={TERMS_SECTIONS}
    />
  );
}
