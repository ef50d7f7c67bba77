import { LegalDocument } from '../content/document';
import { PRIVACY_INTRO, PRIVACY_SECTIONS, PRIVACY_UPDATED } from './privacy-content';

/** `/privacy`: what we keep and why, with a table of contents (text in ./privacy-content). */
export default function PrivacyPage() {
  return (
    <LegalDocument
      title="سياسة الخصوصية"
      intro={<p>{PRIVACY_INTRO}</p>}
      updated={PRIVACY_UPDATED}
      sections={PRIVACY_SECTIONS}
    />
  );
}
