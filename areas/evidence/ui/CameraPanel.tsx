import { useId, type ReactNode } from 'react';
import { useT } from '../../../renderer/src/i18n/useT';
import type { PhotoView } from '../common/ipc';
import { DeskPhoto } from './PhotoThumb';
import type { CameraState } from './useCamera';
import './evidence.css';

/**
 * The camera's panel on a page: the live picture and the photo taken beside it until it is kept,
 * what the camera is doing in words, its buttons (the keys' twins), and the photos kept so far.
 */
export function CameraPanel({
  cam,
  hint,
  photos,
  unread,
  children,
}: {
  cam: CameraState;
  hint: string;
  photos: readonly PhotoView[];
  unread: string | null;
  children?: ReactNode;
}) {
  const { t } = useT();
  const headingId = useId();
  const { videoRef, camera, pending, message, take, keep, close } = cam;
  const open = camera.state === 'starting' || camera.state === 'on';
  return (
    <section className="intake-camera" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('evidence.photos.title')}</h2>
      <p className="muted">{hint}</p>
      <div className="intake-camera-frames" hidden={!open}>
        <video ref={videoRef} muted playsInline aria-label={t('evidence.camera.preview')} />
        {pending && (
          <figure className="evidence-photo">
            <img src={pending.dataUrl} alt={t('evidence.camera.still')} data-testid="camera-still" />
            <figcaption>{pending.caption}</figcaption>
          </figure>
        )}
      </div>
      <p className="intake-camera-message" role="status" data-testid="camera-message">
        {message}
      </p>
      <div className="intake-camera-actions">
        <button type="button" onClick={() => void take()}>
          {t('evidence.camera.take')}
        </button>
        <button type="button" onClick={() => void keep()} disabled={!pending}>
          {t('evidence.camera.keep')}
        </button>
        {open && (
          <button type="button" className="quiet" onClick={close}>
            {t('evidence.camera.close')}
          </button>
        )}
        {children}
      </div>
      {unread && <p className="error">{unread}</p>}
      {photos.length > 0 && (
        <ul className="evidence-photos" aria-label={t('evidence.photos.desk')}>
          {photos.map((p) => (
            <li key={p.checksum}>
              <DeskPhoto photo={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
