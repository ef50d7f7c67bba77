import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@talaqa/domain';
import { ImageUpload, useToast } from '@talaqa/ui';
import { actionErrorText } from '../../lib/forms';
import { rememberUser, uploadUserImage, useAssetUrl } from './queries';

const UPLOAD_FAILED = 'تعذّر رفع الصورة، من فضلك حاول مرة أخرى';

/**
 * A user's image and "choose an image": checked in the browser (type by its first bytes, size,
 * recommended 480x480), then sent to PUT /user/asset?forUser={id} with a progress bar and cancel.
 */
export function UserImage({ user, label = 'صورة الحساب' }: { user: User; label?: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const image = useAssetUrl(user.image);
  return (
    <ImageUpload
      label={label}
      name={user.name}
      currentSrc={image.data}
      upload={(file, controls) => uploadUserImage(user.id, file, controls)}
      onUploaded={(updated) => {
        rememberUser(queryClient, updated);
        toast.success('تم تحديث الصورة');
      }}
      onError={(error) => toast.error(actionErrorText(error, UPLOAD_FAILED))}
    />
  );
}
