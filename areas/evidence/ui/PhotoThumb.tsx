import { useT } from '../../../renderer/src/i18n/useT';
import { errorParts } from '../../../renderer/src/ui/ErrorNote';
import { formatDateTime } from '../../../renderer/src/format';
import type { PhotoView } from '../common/ipc';
import { usePhotoImage, useWarehousePhoto } from './queries';

/** One of the desk's photos: the image (checked against its checksum by main), and who took it where and when. */
export function DeskPhoto({ photo }: { photo: PhotoView }) {
  const { t } = useT();
  const image = usePhotoImage(photo.checksum);
  const item = photo.box
    ? t('evidence.pack.box', { box: photo.box.boxNumber ?? photo.box.boxId })
    : photo.itemName || photo.sku || String(photo.inventoryId ?? '—');
  const at = formatDateTime(photo.takenAt);
  return (
    <figure className="evidence-photo" data-testid="desk-photo" data-checksum={photo.checksum}>
      {image.data ? (
        <img src={image.data.dataUrl} alt={t('evidence.photos.alt', { item, at })} />
      ) : (
        <div className="evidence-photo-state" role={image.isError ? 'alert' : undefined}>
          {image.isError ? errorParts(image.error, t).message : t('evidence.photos.loading')}
        </div>
      )}
      <figcaption>{t('evidence.photos.caption', { item, at, clerk: photo.clerk?.name ?? t('evidence.photos.noClerk'), desk: photo.desk.name })}</figcaption>
    </figure>
  );
}

/** The warehouse's inspection photo of a line, as its link gives it (read once by main, kept on this desk). */
export function WarehousePhoto({ url, item }: { url: string; item: string }) {
  const { t } = useT();
  const image = useWarehousePhoto(url);
  return (
    <figure className="evidence-photo" data-testid="warehouse-photo">
      {image.data ? (
        <img src={image.data.dataUrl} alt={t('evidence.photos.warehouseAlt', { item })} />
      ) : (
        <div className="evidence-photo-state" role={image.isError ? 'alert' : undefined}>
          {image.isError ? errorParts(image.error, t).message : t('evidence.photos.loading')}
        </div>
      )}
      <figcaption>{t('evidence.photos.warehouseAlt', { item })}</figcaption>
    </figure>
  );
}
