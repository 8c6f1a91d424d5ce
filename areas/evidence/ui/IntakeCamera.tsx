import { useT } from '../../../renderer/src/i18n/useT';
import { CameraPanel } from './CameraPanel';
import { usePhotos } from './queries';
import { useIntakeCamera, type IntakeCameraProps } from './useIntakeCamera';

/** Photos at return intake, from the keyboard (useIntakeCamera: F8 takes the line in focus, F9 keeps it). */
export function IntakeCamera(props: IntakeCameraProps) {
  const { t } = useT();
  const cam = useIntakeCamera(props);
  const photos = usePhotos({ draftId: props.draftId });
  return (
    <CameraPanel cam={cam} hint={t('evidence.camera.hint')} photos={photos.data?.photos ?? []} unread={photos.isError ? t('evidence.photos.unread') : null} />
  );
}
