import { formatNumber } from '@talaqa/ui';
import { useLiveData } from '../../site/live-data';

/** A noun's Arabic forms by count, as `Intl.PluralRules('ar')` names them. */
interface CountForms {
  one: string;
  two: string;
  /** 3-10: "٣ معلمين". */
  few: string;
  /** 11-99: "١١ معلمًا". */
  many: string;
  /** 100, 1000... and 0: "١٠٠ معلم". */
  other: string;
}

const arabicPlural = new Intl.PluralRules('ar');

const TUTORS: CountForms = {
  one: 'معلم واحد',
  two: 'معلمان',
  few: 'معلمين',
  many: 'معلمًا',
  other: 'معلم',
};
const LESSONS: CountForms = {
  one: 'درس واحد',
  two: 'درسان',
  few: 'دروس',
  many: 'درسًا',
  other: 'درس',
};

/**
 * A count as Arabic says it: "معلم واحد", "معلمان", "٣ معلمين", "١١ معلمًا", "١٠٠ معلم". One and
 * two are words without a figure, as Arabic writes them.
 */
export function countText(
  count: number,
  forms: CountForms,
): { figure: string | null; noun: string } {
  const form = arabicPlural.select(count);
  if (form === 'one' || form === 'two') return { figure: null, noun: forms[form] };
  const noun = form === 'few' ? forms.few : form === 'many' ? forms.many : forms.other;
  return { figure: formatNumber(count), noun };
}

/**
 * "١٢ معلمًا، ٣٤٠ درسًا" from the database (record 307), put in when the server renders the home
 * (record 355). When the figures are not known, nothing is shown: a marketing page never shows an
 * error or a zero.
 */
export function HomeFigures() {
  const { stats } = useLiveData();
  const figures = stats
    ? [
        {
          key: 'tutors',
          count: stats.tutors,
          forms: TUTORS,
          caption: 'في قائمة المعلمين الآن',
        },
        {
          key: 'lessons',
          count: stats.lessons,
          forms: LESSONS,
          caption: 'عبر الفيديو على طلاقة',
        },
      ].filter((item) => item.count > 0)
    : [];
  return (
    <div className="min-h-16">
      {figures.length > 0 && (
        <ul aria-label="طلاقة بالأرقام" className="flex flex-wrap gap-x-8 gap-y-3">
          {figures.map((item) => {
            const text = countText(item.count, item.forms);
            return (
              <li key={item.key} className="flex flex-col">
                <span className="text-2xl font-bold text-brand-800">
                  {text.figure && <>{text.figure} </>}
                  {text.noun}
                </span>
                <span className="text-sm text-muted">{item.caption}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
