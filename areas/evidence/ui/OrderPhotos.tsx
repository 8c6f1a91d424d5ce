import { call } from '../../../renderer/src/bridge/dockdesk';
import { deskZone } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { CameraPanel } from './CameraPanel';
import { ClaimPackButton } from './ClaimPackButton';
import { usePhotos } from './queries';
import { useBoxCamera, type BoxCameraProps } from './useBoxCamera';

/**
 * A receiving order's photos on its page: its boxes photographed from the keyboard (F8 takes the box
 * in focus, F9 keeps it), the photos kept, and the order's claim pack.
 */
export function OrderPhotos(props: BoxCameraProps) {
  const { t, locale } = useT();
  const cam = useBoxCamera(props);
  const photos = usePhotos({ orderId: props.orderId });
  const kept = photos.data?.photos ?? [];
  return (
    <CameraPanel
      cam={cam}
      hint={props.boxes.length > 0 ? t('evidence.camera.boxHint') : t('evidence.photos.noneOrder')}
      photos={kept}
      unread={photos.isError ? t('evidence.photos.orderUnread') : null}
    >
      <ClaimPackButton make={() => call('evidence.orderClaimPack', { orderId: props.orderId, locale, timeZone: deskZone() })} />
    </CameraPanel>
  );
}
