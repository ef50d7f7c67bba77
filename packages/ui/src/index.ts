export {
  ERROR_MESSAGES,
  UI_MESSAGES,
  fieldErrorText,
  isNetworkError,
  messageForError,
} from './messages';
export type { UiMessageKey } from './messages';
export {
  BANK_NAMES_AR,
  CAMPAIGN_SOURCE_NAMES_AR,
  CARD_BRAND_NAMES_AR,
  ENGLISH_LEVEL_NAMES_AR,
  GENDER_NAMES_AR,
  GOVERNORATE_NAMES_AR,
  INVOICE_LABEL_NAMES_ADMIN_AR,
  INVOICE_LABEL_NAMES_AR,
  LEDGER_ENTRY_KIND_NAMES_AR,
  NOTIFICATION_METHOD_NAMES_AR,
  ONBOARDING_STEP_NAMES_AR,
  PAYMENT_METHOD_NAMES_AR,
  PLAN_NAMES_AR,
  PLAN_PERIOD_NAMES_AR,
  RATING_STARS_NAMES_AR,
  ROLE_NAMES_AR,
  STEP_STATE_NAMES_AR,
  SUBSCRIPTION_STATE_NAMES_AR,
  TRANSACTION_STATUS_NAMES_AR,
  TUTOR_LIST_SORT_NAMES_AR,
  WITHDRAW_METHOD_NAMES_AR,
} from './enum-labels';
export { countedText, formatId, formatNumber, percentText } from './format';
export type { CountedNoun } from './format';
export { createQueryClient } from './query';
export { cx } from './cx';

export { Button, buttonClasses } from './components/Button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './components/Button';
export { Input } from './components/Input';
export type { InputProps } from './components/Input';
export { Select } from './components/Select';
export type { SelectProps } from './components/Select';
export { Dialog, DialogClose } from './components/Dialog';
export type { DialogProps } from './components/Dialog';
export { Drawer } from './components/Drawer';
export type { DrawerProps } from './components/Drawer';
export { Sheet } from './components/Sheet';
export type { SheetProps } from './components/Sheet';
export { Tabs } from './components/Tabs';
export type { TabItem, TabsProps } from './components/Tabs';
export { ToastProvider, useToast } from './components/Toast';
export type { ToastApi, ToastKind } from './components/Toast';
export { CenteredSpinner, Spinner } from './components/Spinner';
export type { SpinnerProps } from './components/Spinner';
export { ErrorPage, NotFoundPage } from './components/ErrorPage';
export type { ErrorPageProps } from './components/ErrorPage';
export { BRAND_NAME, PageTitle, PreparingPage, usePageTitle } from './components/PageTitle';
export { ServerStatus } from './components/ServerStatus';
export type { ServerStatusProps } from './components/ServerStatus';
export { CloseIcon } from './components/CloseIcon';
export { MenuIcon } from './components/MenuIcon';
export { AppProviders } from './providers';

export { Pagination, pageOfText } from './components/Pagination';
export type { PaginationProps } from './components/Pagination';
export { ConfirmDialog } from './components/ConfirmDialog';
export type { ConfirmDialogProps } from './components/ConfirmDialog';
export { Checkbox } from './components/Checkbox';
export type { CheckboxProps } from './components/Checkbox';
export { Badge } from './components/Badge';
export type { BadgeProps, BadgeTone } from './components/Badge';
export { PasswordChecklist } from './components/PasswordChecklist';
export type { PasswordChecklistProps } from './components/PasswordChecklist';
export { ProgressBar } from './components/ProgressBar';
export type { ProgressBarProps } from './components/ProgressBar';
export { ErrorState } from './components/ErrorState';
export type { ErrorStateProps } from './components/ErrorState';
export { EmptyState } from './components/EmptyState';
export type { EmptyStateProps } from './components/EmptyState';
export {
  ART_COLORS,
  NoChatsIllustration,
  NoLessonsIllustration,
  NoPaymentsIllustration,
  NoResultsIllustration,
  NotFoundIllustration,
} from './components/illustrations';
export type { IllustrationProps } from './components/illustrations';
export { Skeleton, SkeletonCards, SkeletonRows } from './components/Skeleton';
export { QueryContent } from './components/QueryContent';
export type { QueryContentProps } from './components/QueryContent';
export { Textarea } from './components/Textarea';
export type { TextareaProps } from './components/Textarea';

// Account screens (forms, verification, uploads)
export { Alert } from './components/Alert';
export type { AlertProps, AlertTone } from './components/Alert';
export { Avatar, initialsOf } from './components/Avatar';
export type { AvatarProps } from './components/Avatar';
export { CodeInput, normaliseCode } from './components/CodeInput';
export type { CodeInputProps } from './components/CodeInput';
export { SignOutAllDevices } from './components/SignOutAllDevices';
export type { SignOutAllDevicesProps } from './components/SignOutAllDevices';
export { ImageUpload, readImageSize } from './components/ImageUpload';
export type { ImageUploadControls, ImageUploadProps } from './components/ImageUpload';
export { PasswordInput } from './components/PasswordInput';
export type { PasswordInputProps } from './components/PasswordInput';
export { RadioGroup } from './components/RadioGroup';
export { SegmentedControl } from './components/SegmentedControl';
export type { SegmentedControlProps, SegmentedOption } from './components/SegmentedControl';
export type { RadioGroupProps, RadioOption } from './components/RadioGroup';
export { Stepper, stepOfTotalText } from './components/Stepper';
export type { StepperProps } from './components/Stepper';
export { BarChart, niceCeiling } from './components/BarChart';
export type { BarChartProps, BarDatum } from './components/BarChart';
export {
  DEMO_SESSION_STATUS_TEXT,
  INTERVIEW_STATUS_TEXT,
  MEETING_KIND_NAMES,
  meetingStatusText,
} from './meetings/labels';
export { IntroVideoReviewActions } from './meetings/IntroVideoReviewActions';
export type { IntroVideoReviewActionsProps } from './meetings/IntroVideoReviewActions';
export { MeetingDecisionDialog } from './meetings/MeetingDecisionDialog';
export type { MeetingDecision, MeetingDecisionDialogProps } from './meetings/MeetingDecisionDialog';
