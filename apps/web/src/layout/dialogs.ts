/**
 * The shell's modal pieces, loaded only when first opened (shell-dialogs.tsx): Radix Dialog and
 * its helpers stay off the first load (docs/decisions/308).
 */
export { ConfirmDialog, Drawer } from '@talaqa/ui';
