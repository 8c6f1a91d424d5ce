import { useId } from 'react';
import { useT } from '../../../renderer/src/i18n/useT';
import { DeskPhoto } from './PhotoThumb';
import { usePhotos } from './queries';
import { useIntakeCamera, type IntakeCameraProps } from './useIntakeCamera';
import './evidence.css';

/**
 * Photos at return intake, from the keyboard (useIntakeCamera: F8 takes, F9 keeps). A scanner never
 * sends a function key, and neither key moves focus, so a scan in the middle of taking photos lands
 * where it would have.
 */
export function IntakeCamera(props: IntakeCameraProps) {
  const { t } = useT();
  const headingId = useId();
  const { videoRef, camera, pending, message, take, keep, close } = useIntakeCamera(props);
  const photos = usePhotos({ draftId: props.draftId });
  const open = camera.state === 'starting' || camera.state === 'on';
  const kept = photos.data?.photos ?? [];
  return (
    <section className="intake-camera" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('evidence.photos.title')}</h2>
      <p className="muted">{t('evidence.camera.hint')}</p>
      <div className="intake-camera-frames" hidden={!open}>
        <video ref={videoRef} muted playsInline aria-label={t('evidence.camera.preview')} />
        {pending && (
          <figure className="evidence-photo">
            <img src={pending.dataUrl} alt={t('evidence.camera.still')} data-testid="camera-still" />
            <figcaption>{t('evidence.camera.for', { line: pending.line + 1, item: pending.item })}</figcaption>
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
      </div>
      {photos.isError && <p className="error">{t('evidence.photos.unread')}</p>}
      {kept.length > 0 && (
        <ul className="evidence-photos" aria-label={t('evidence.photos.desk')}>
          {kept.map((p) => (
            <li key={p.checksum}>
              <DeskPhoto photo={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
