export {
  ERROR_MESSAGES,
  UI_MESSAGES,
  fieldErrorText,
  isNetworkError,
  messageForError,
} from './messages';
export type { UiMessageKey } from './messages';
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
