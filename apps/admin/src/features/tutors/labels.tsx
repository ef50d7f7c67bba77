import { DemoSessionStatus, InterviewStatus, ReviewStatus } from '@talaqa/domain';
import type { OnboardingStep, StepStateName } from '@talaqa/domain';
import { Badge, ONBOARDING_STEP_NAMES_AR, STEP_STATE_NAMES_AR } from '@talaqa/ui';
import type { BadgeTone } from '@talaqa/ui';

const STEP_STATE_TONES: Record<StepStateName, BadgeTone> = {
  'not-started': 'neutral',
  pending: 'warning',
  passed: 'success',
  rejected: 'danger',
};

/** One step and its state in words ("المقابلة: قيد الانتظار"), not by colour alone. */
export function StepBadge({ step }: { step: Pick<OnboardingStep, 'step' | 'state'> }) {
  return (
    <Badge tone={STEP_STATE_TONES[step.state]}>
      {ONBOARDING_STEP_NAMES_AR[step.step]}: {STEP_STATE_NAMES_AR[step.state]}
    </Badge>
  );
}

/** A yes/no fact in words ("مفعَّل" / "غير مفعَّل"). */
export function FlagBadge({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <Badge tone={on ? 'success' : 'neutral'}>{on ? yes : no}</Badge>;
}

export const INTRO_VIDEO_STATUS_TEXT: Record<ReviewStatus, { label: string; tone: BadgeTone }> = {
  [ReviewStatus.Pending]: { label: 'بانتظار المراجعة', tone: 'warning' },
  [ReviewStatus.Approved]: { label: 'مقبول', tone: 'success' },
  [ReviewStatus.Rejected]: { label: 'مرفوض', tone: 'danger' },
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
