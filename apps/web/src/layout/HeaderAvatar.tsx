import { Avatar } from '@talaqa/ui';
import { useAssetUrl } from '../features/account/queries';

/**
 * The signed-in person's picture in the header. Loaded after the first page (shell-dialogs.tsx
 * shows the initials meanwhile): fetching an upload goes through the assets contract, which the
 * first load does not carry (docs/decisions/308-first-load-without-schemas.md).
 */
export default function HeaderAvatar({ name, image }: { name: string; image: string }) {
  return <Avatar name={name} src={useAssetUrl(image)} size="sm" />;
}
