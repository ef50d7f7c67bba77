/**
 * The lesson room's words (issue 19): what each call status, refusal and link reading says, and
 * the numbers the room shows (time left, data used), in ar-EG with Arabic-Indic digits.
 */
import type { SessionAckResult } from '@talaqa/domain';
import { formatNumber } from '@talaqa/ui';
import type { DataSaverMode } from './call/types';

/** The notice that the lesson is about to end shows from this much time left. */
export const ENDING_SOON_MS = 5 * 60_000;

const two = (value: number) => formatNumber(value).padStart(2, '٠');

/** "٤٥:٠٠", "٠٤:٠٩"; an hour or more reads "١:٠٥:٠٠". Never below zero. */
export function remainingText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const clock = `${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return hours > 0 ? `${formatNumber(hours)}:${clock}` : clock;
}

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** One decimal place at most ("١٫٢"), and none for whole numbers. */
const oneDecimal = (value: number) => formatNumber(Math.round(value * 10) / 10);

/** "٣٢٠ كيلوبايت", "١٫٢ ميغابايت", "١٫٥ غيغابايت". */
export function dataSizeText(bytes: number): string {
  if (bytes >= GB) return `${oneDecimal(bytes / GB)} غيغابايت`;
  if (bytes >= MB) return `${oneDecimal(bytes / MB)} ميغابايت`;
  return `${formatNumber(Math.round(bytes / KB))} كيلوبايت`;
}

/** Why JoinSession was refused, for the person (spec ack results of the session events). */
export const REFUSAL_TEXT: Record<
  Exclude<SessionAckResult, 'ok'>,
  { title: string; body: string }
> = {
  'not-member': {
    title: 'هذه الغرفة ليست لك',
    body: 'لا يدخل غرفة الدرس إلا طالبه ومعلمه. تأكد أنك دخلت بالحساب الذي حُجز به الدرس.',
  },
  unallowed: {
    title: 'الغرفة غير مفتوحة الآن',
    body: 'تُفتح غرفة الدرس قبل موعده بدقائق وتُغلق عند نهايته؛ ربما لم تُفتح بعد أو أُغلقت.',
  },
  'lesson-not-found': {
    title: 'لم نجد هذا الدرس',
    body: 'ربما أُلغي الدرس أو تغيّر موعده. ارجع إلى دروسك لترى حالته.',
  },
  'interview-not-found': {
    title: 'لم نجد هذه المقابلة',
    body: 'ربما أُلغيت المقابلة أو الحصة التجريبية. ارجع إلى صفحة المقابلات لترى حالتها.',
  },
  'invalid-session-id': {
    title: 'رابط الغرفة غير صحيح',
    body: 'افتح الدرس من قائمة دروسك ثم ادخل غرفته من هناك.',
  },
  unreachable: {
    title: 'تعذّر الدخول إلى الغرفة',
    body: 'حدث خطأ من جهتنا. انتظر قليلًا ثم حاول مرة أخرى.',
  },
};

export const DATA_SAVER_LABELS: Record<DataSaverMode, string> = {
  off: 'بلا توفير',
  video: 'فيديو أخف',
  audio: 'صوت فقط',
};

export const DATA_SAVER_HINTS: Record<DataSaverMode, string> = {
  off: 'أفضل جودة للصورة والصوت.',
  video: 'صورة بجودة أقل، تستهلك بيانات أقل.',
  audio: 'بلا فيديو الكاميرا؛ الصوت ومشاركة الشاشة فقط.',
};
