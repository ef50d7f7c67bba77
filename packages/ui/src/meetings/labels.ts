/**
 * The words naming interviews and demo sessions and their statuses, for the tutor manager's
 * screens of the main app and the admin's list (records 326, 330).
 */
import { DemoSessionStatus, InterviewStatus } from '@talaqa/domain';
import type { MeetingKind } from '@talaqa/domain';
import type { BadgeTone } from '../components/Badge';

export const MEETING_KIND_NAMES: Record<MeetingKind, string> = {
  interview: 'مقابلة',
  'demo-session': 'جلسة تجريبية',
};

export const INTERVIEW_STATUS_TEXT: Record<InterviewStatus, { label: string; tone: BadgeTone }> = {
  [InterviewStatus.Pending]: { label: 'بانتظار الموعد أو القرار', tone: 'warning' },
  [InterviewStatus.Passed]: { label: 'ناجحة', tone: 'success' },
  [InterviewStatus.Rejected]: { label: 'مرفوضة', tone: 'danger' },
  [InterviewStatus.CanceledByInterviewer]: { label: 'ألغاها مسؤول المقابلات', tone: 'neutral' },
  [InterviewStatus.CanceledByInterviewee]: { label: 'ألغاها المعلم', tone: 'neutral' },
};

export const DEMO_SESSION_STATUS_TEXT: Record<
  DemoSessionStatus,
  { label: string; tone: BadgeTone }
> = {
  [DemoSessionStatus.Pending]: { label: 'بانتظار الموعد أو القرار', tone: 'warning' },
  [DemoSessionStatus.Passed]: { label: 'ناجحة', tone: 'success' },
  [DemoSessionStatus.Rejected]: { label: 'مرفوضة', tone: 'danger' },
  [DemoSessionStatus.CanceledByTutorManager]: { label: 'ألغاها مسؤول المقابلات', tone: 'neutral' },
  [DemoSessionStatus.CanceledByTutor]: { label: 'ألغاها المعلم', tone: 'neutral' },
  [DemoSessionStatus.CanceledByAdmin]: { label: 'ألغتها الإدارة', tone: 'neutral' },
};

/** The label and tone of a meeting's own status number (its kind's set). */
export function meetingStatusText(kind: MeetingKind, status: number) {
  const text =
    kind === 'interview'
      ? INTERVIEW_STATUS_TEXT[status as InterviewStatus]
      : DEMO_SESSION_STATUS_TEXT[status as DemoSessionStatus];
  return text ?? { label: 'غير معروفة', tone: 'neutral' as const };
}
