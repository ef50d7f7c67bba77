/**
 * What the shell shows only on demand, loaded when first wanted so the first load carries neither
 * Radix Dialog nor the contracts (docs/decisions/308-first-load-without-schemas.md): the sign-out
 * confirmation, the phone menu and the header's picture. Each dialog mounts at its first opening
 * and stays mounted after, so it closes (and gives focus back to its opener) exactly as the eager
 * one did.
 */
import { Suspense, lazy, useState } from 'react';
import { Avatar } from '@talaqa/ui';
import type { ConfirmDialogProps, DrawerProps } from '@talaqa/ui';

const LazyConfirmDialog = lazy(() =>
  import('./dialogs').then((module) => ({ default: module.ConfirmDialog })),
);
const LazyDrawer = lazy(() => import('./dialogs').then((module) => ({ default: module.Drawer })));
const LazyHeaderAvatar = lazy(() => import('./HeaderAvatar'));

/** True from the first time `open` is, on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** `ConfirmDialog` of @talaqa/ui, loaded at its first opening. */
export function ShellConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyConfirmDialog {...props} />
    </Suspense>
  );
}

/** `Drawer` of @talaqa/ui, loaded at its first opening. */
export function ShellDrawer(props: DrawerProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyDrawer {...props} />
    </Suspense>
  );
}

/** The person's picture (small), or their initials while it loads and when there is none. */
export function ShellAvatar({ name, image }: { name: string; image: string | null }) {
  const initials = <Avatar name={name} size="sm" />;
  if (!image) return initials;
  return (
    <Suspense fallback={initials}>
      <LazyHeaderAvatar name={name} image={image} />
    </Suspense>
  );
}
