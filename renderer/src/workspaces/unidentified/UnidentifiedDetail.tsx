import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { UnidentifiedReceivingOrder } from '../../../../shared/schemas/uro';
import { formatCenterTime, formatCount } from '../../format';
import { Dialog } from '../../ui/Dialog';
import { ErrorNote } from '../../ui/ErrorNote';
import { QueryState } from '../../ui/QueryState';
import { ViewHeading } from '../../ui/ViewHeading';
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
  return (
    <section className="workspace" aria-labelledby="uro-title">
      <header className="workspace-header">
        <ViewHeading id="uro-title">Unidentified receipt {id}</ViewHeading>
        <Link to="/unidentified" className="button-link">
          All receipts
        </Link>
      </header>
      <QueryState query={query} what={`receipt ${id}`}>
        {(receipt) => (
          <>
            <dl className="facts">
              <dt>Barcode</dt>
              <dd className="code">{receipt.barcode}</dd>
              <dt>Tracking barcode</dt>
              <dd className="code">{receipt.tracking_barcode ?? '—'}</dd>
              <dt>Reason</dt>
              <dd>{receipt.reason}</dd>
              <dt>Comment</dt>
              <dd>{receipt.comment ?? '—'}</dd>
              <dt>Received</dt>
              <dd>{when(receipt.created_date)}</dd>
              <dt>Receiving order</dt>
              <dd>
                {receipt.linked_wro_id === null ? (
                  <span className="muted">Not linked yet</span>
                ) : (
                  <>
                    <Link to="/receiving/$id" params={{ id: receipt.linked_wro_id }}>
                      Receiving order {receipt.linked_wro_id}
                    </Link>
                    <span className="muted"> · linked {when(receipt.linked_wro_date)}</span>
                  </>
                )}
              </dd>
            </dl>
            {receipt.linked_wro_id === null && (
              <div className="actions">
                <button type="button" className="primary" onClick={() => setLinking(true)}>
                  Link to a receiving order…
                </button>
              </div>
            )}
            <h2>Photos ({formatCount(receipt.attachments.length)})</h2>
            {receipt.attachments.length === 0 ? (
              <p className="state">No photos were taken of this package.</p>
            ) : (
              <ul className="thumbnails">
                {receipt.attachments.map((a, n) => (
                  <li key={a.id}>
                    <Thumbnail receiptId={receipt.id} attachment={a} label={`Photo ${n + 1} of ${receipt.attachments.length}: ${a.file_name}`} />
                  </li>
                ))}
              </ul>
            )}
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
  if (image.isPending) return <span className="thumbnail state">Loading {attachment.file_name}…</span>;
  if (image.isError) return <ErrorNote error={image.error} prefix={`${attachment.file_name} could not be shown`} />;
  return (
    <>
      <button type="button" className="thumbnail" onClick={() => setOpen(true)} aria-label={`Enlarge ${label}`}>
        <img src={image.data.dataUrl} alt={label} />
        <span>{attachment.file_name}</span>
      </button>
      <Dialog title={label} isOpen={open} onOpenChange={setOpen} wide>
        <img className="attachment-large" src={image.data.dataUrl} alt={label} />
        <p className="muted">
          {attachment.content_type} · {formatCount(image.data.bytes)} bytes · taken {when(attachment.created_date)}
        </p>
      </Dialog>
    </>
  );
}
