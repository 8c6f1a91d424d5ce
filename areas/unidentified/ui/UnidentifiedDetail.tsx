import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro';
import { formatCenterTime } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { Dialog } from '../../../renderer/src/ui/Dialog';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { QueryState } from '../../../renderer/src/ui/QueryState';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { OpenElsewhere } from '../../desks/ui';
import { RecordJournal } from '../../journal/ui';
import { LinkDialog } from './LinkDialog';
import { useAttachment, useReceipt } from './queries';

// A receipt names no center, so its times are the desk's, with the zone said (the times rule).
const when = (iso: string | null | undefined) => formatCenterTime(iso, null);
type Attachment = UnidentifiedReceivingOrder['attachments'][number];

/** One unidentified receipt: what is known about the package, its photos, and its link to a WRO. */
export function UnidentifiedDetail() {
  const { id } = useParams({ from: '/unidentified/$id' });
  const query = useReceipt(id);
  const [linking, setLinking] = useState(false);
  const { t } = useT();
  return (
    <section className="workspace" aria-labelledby="uro-title">
      <header className="workspace-header">
        <ViewHeading id="uro-title">{t('unidentified.detail.title', { id })}</ViewHeading>
        <OpenElsewhere kind="unidentified" id={id} />
        <Link to="/unidentified" className="button-link">
          {t('unidentified.detail.all')}
        </Link>
      </header>
      <QueryState query={query} loading={t('unidentified.detail.loading', { id })} failed={t('unidentified.detail.loadFailed', { id })}>
        {(receipt) => (
          <>
            <dl className="facts">
              <dt>{t('unidentified.col.barcode')}</dt>
              <dd className="code">{receipt.barcode}</dd>
              <dt>{t('unidentified.col.tracking')}</dt>
              <dd className="code">{receipt.tracking_barcode ?? '—'}</dd>
              <dt>{t('unidentified.col.reason')}</dt>
              <dd>{receipt.reason}</dd>
              <dt>{t('unidentified.detail.comment')}</dt>
              <dd>{receipt.comment ?? '—'}</dd>
              <dt>{t('unidentified.col.received')}</dt>
              <dd>{when(receipt.created_date)}</dd>
              <dt>{t('unidentified.detail.wro')}</dt>
              <dd>
                {receipt.linked_wro_id === null ? (
                  <span className="muted">{t('unidentified.detail.notLinked')}</span>
                ) : (
                  <>
                    <Link to="/receiving/$id" params={{ id: receipt.linked_wro_id }}>
                      {t('unidentified.wro', { id: receipt.linked_wro_id })}
                    </Link>
                    <span className="muted"> · {t('unidentified.detail.linkedAt', { time: when(receipt.linked_wro_date) })}</span>
                  </>
                )}
              </dd>
            </dl>
            {receipt.linked_wro_id === null && (
              <div className="actions">
                <button type="button" className="primary" onClick={() => setLinking(true)} data-primary>
                  {t('unidentified.detail.link')}
                </button>
              </div>
            )}
            <h2>{t('unidentified.detail.photos', { count: receipt.attachments.length })}</h2>
            {receipt.attachments.length === 0 ? (
              <p className="state">{t('unidentified.detail.noPhotos')}</p>
            ) : (
              <ul className="thumbnails">
                {receipt.attachments.map((a, n) => (
                  <li key={a.id}>
                    <Thumbnail
                      receiptId={receipt.id}
                      attachment={a}
                      label={t('unidentified.photo', { n: n + 1, count: receipt.attachments.length, file: a.file_name })}
                    />
                  </li>
                ))}
              </ul>
            )}
            <RecordJournal kind="receipt" id={String(receipt.id)} when={when} />
            {linking && <LinkDialog receipt={receipt} onClose={() => setLinking(false)} />}
          </>
        )}
      </QueryState>
    </section>
  );
}

function Thumbnail({ receiptId, attachment, label }: { receiptId: number; attachment: Attachment; label: string }) {
  const image = useAttachment(receiptId, attachment.id);
  const [open, setOpen] = useState(false);
  const { t } = useT();
  if (image.isPending) return <span className="thumbnail state">{t('unidentified.photo.loading', { file: attachment.file_name })}</span>;
  if (image.isError) return <ErrorNote error={image.error} prefix={t('unidentified.photo.failed', { file: attachment.file_name })} />;
  return (
    <>
      <button type="button" className="thumbnail" onClick={() => setOpen(true)} aria-label={t('unidentified.photo.enlarge', { label })}>
        <img src={image.data.dataUrl} alt={label} />
        <span>{attachment.file_name}</span>
      </button>
      <Dialog title={label} isOpen={open} onOpenChange={setOpen} wide>
        <img className="attachment-large" src={image.data.dataUrl} alt={label} />
        <p className="muted">
          {t('unidentified.photo.facts', { type: attachment.content_type, bytes: image.data.bytes, time: when(attachment.created_date) })}
        </p>
      </Dialog>
    </>
  );
}
