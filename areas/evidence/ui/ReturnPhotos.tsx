import { useId } from 'react';
import { call } from '../../../renderer/src/bridge/dockdesk';
import { deskZone } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { ClaimPackButton } from './ClaimPackButton';
import { DeskPhoto, WarehousePhoto } from './PhotoThumb';
import { usePhotos } from './queries';
import './evidence.css';

/** What a return's page knows of a line: the item and the warehouse's actions with their photos' links. */
export interface PhotoLine {
  id: number;
  name?: string | null;
  sku?: string | null;
  action_taken?: ReadonlyArray<{ image_url?: string | null }> | null;
}

/**
 * A return's photos on its page: those taken at this desk (by its reference: the intake's photos
 * are the return's), the warehouse's inspection photos beside them, and the claim pack of it all.
 */
export function ReturnPhotos({ returnId, reference, lines }: { returnId: number; reference: string | null; lines: readonly PhotoLine[] }) {
  const { t, locale } = useT();
  const headingId = useId();
  const photos = usePhotos(reference ? { reference } : null);
  const desk = photos.data?.photos ?? [];
  const warehouse = lines.flatMap((l) =>
    (l.action_taken ?? []).flatMap((a) => (a.image_url ? [{ url: a.image_url, item: l.name ?? l.sku ?? String(l.id) }] : [])),
  );
  return (
    <section className="return-photos" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('evidence.photos.title')} <span className="muted">{t('evidence.photos.lineCount', { count: desk.length + warehouse.length })}</span>
      </h2>
      {photos.isError && <p className="error">{t('evidence.photos.unread')}</p>}
      {desk.length + warehouse.length === 0 && !photos.isPending && <p className="muted">{t('evidence.photos.none')}</p>}
      <div className="return-photos-groups">
        {desk.length > 0 && (
          <div>
            <h3>{t('evidence.photos.desk')}</h3>
            <ul className="evidence-photos" aria-label={t('evidence.photos.desk')}>
              {desk.map((p) => (
                <li key={p.checksum}>
                  <DeskPhoto photo={p} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {warehouse.length > 0 && (
          <div>
            <h3>{t('evidence.photos.warehouse')}</h3>
            <ul className="evidence-photos" aria-label={t('evidence.photos.warehouse')}>
              {warehouse.map((w) => (
                <li key={w.url}>
                  <WarehousePhoto url={w.url} item={w.item} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <ClaimPackButton make={() => call('evidence.claimPack', { returnId, locale, timeZone: deskZone() })} />
    </section>
  );
}
