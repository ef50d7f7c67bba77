/**
 * The shell's modal pieces, loaded only when first opened (shell-dialogs.tsx): Radix Dialog and its
 * helpers stay off the first load (docs/decisions/308-first-load-without-schemas.md).
 */
export { ConfirmDialog, Drawer } from '@talaqa/ui';
