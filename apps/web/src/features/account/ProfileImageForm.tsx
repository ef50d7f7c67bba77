import { ImageUpload, UI_MESSAGES, useToast } from '@talaqa/ui';
import { userApi } from '../../api';
import { useCurrentUser, useSession } from '../../lib/session';
import { failureMessage } from '../../lib/forms';
import { useAssetUrl } from './queries';

/** The profile picture: PUT /user/asset with a progress bar and a cancel button. */
export function ProfileImageForm() {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const toast = useToast();
  const current = useAssetUrl(user.image);
  return (
    <ImageUpload
      label="صورتك الشخصية"
      name={user.name}
      currentSrc={current}
      upload={userApi.uploadImage}
      onUploaded={(answer) => {
        setUser(answer);
        toast.success(UI_MESSAGES.imageUploaded);
      }}
      onError={(error) => toast.error(failureMessage(error, UI_MESSAGES.imageUploadFailed))}
    />
  );
}
