import { a4Document, A4, documentTime, FONT, FONT_BOLD, MARGIN, TEXT_WIDTH } from '../../../electron/core/pdf/a4.js';
import type { MainWords } from '../../../electron/core/words.js';
import type { MessageId } from '../../../shared/errors.js';
import type { ReturnRecord } from '../../../shared/schemas/returns.js';
import type { JournalEntry } from '../../journal/common/entry.js';
import { answerSaid, whatSaid, type EntryWords } from '../../journal/common/say.js';
import type { PhotoView } from '../common/ipc.js';

/** A photo's box on the page: two side by side across the text width. */
const PHOTO_W = 230;
const PHOTO_H = 172;

export interface ClaimPackParts {
  ret: ReturnRecord;
  /** Whether the return is as this desk held it (true) or as the service gave it for this pack. */
  held: boolean;
  desk: { name: string };
  madeAt: string;
  photos: Array<{ view: PhotoView; bytes: Buffer }>;
  /** The warehouse's photos by line (the item's id), each image or the reason it is missing. */
  warehouse: Array<{ inventoryId: number; url: string; bytes: Buffer | null; missing: string | null }>;
  journal: JournalEntry[];
}

/**
 * A return's claim pack: one A4 PDF with what a carrier or a client asks for when goods came back
 * damaged or short: the return's facts and tracking, its lines with lots, every photo (the desk's,
 * with who took it when and its checksum; the warehouse's), and one timeline of the service's status
 * history and what was done at this desk. Made by pdfkit from what the desk holds, so offline too.
 */
interface Pen {
  doc: PDFKit.PDFDocument;
  t: MainWords['t'];
  when: (iso: string) => string;
  width: number;
  bottom: number;
  heading: (text: string) => void;
}

export async function claimPackPdf(parts: ClaimPackParts, words: MainWords, timeZone: string | undefined): Promise<Buffer> {
  const t = words.t;
  const { doc, done } = a4Document(words, t('evidence.pack.title', { id: parts.ret.id }));
  const width = TEXT_WIDTH;
  const bottom = A4[1] - MARGIN;
  const pen: Pen = {
    doc,
    t,
    when: documentTime(words, timeZone),
    width,
    bottom,
    heading: (text) => {
      if (doc.y > bottom - 60) doc.addPage();
      doc.moveDown(0.6).font(FONT_BOLD).fontSize(13).text(text, MARGIN, doc.y, { width }).font(FONT).fontSize(10);
    },
  };
  writeFacts(pen, parts);
  writeLines(pen, parts.ret);
  writePhotos(pen, parts);
  writeTimeline(pen, parts, words);
  doc.end();
  return done;
}

function writeFacts({ doc, t, when, width, heading }: Pen, parts: ClaimPackParts): void {
  const { ret } = parts;
  const fact = (label: string, value: string | null | undefined) => doc.text(`${label}: ${value && value !== '' ? value : '—'}`, MARGIN, doc.y, { width });
  doc
    .font(FONT_BOLD)
    .fontSize(17)
    .text(t('evidence.pack.title', { id: ret.id }), { width });
  doc.font(FONT).fontSize(10);
  doc.text(t('evidence.pack.made', { desk: parts.desk.name, at: when(parts.madeAt) }), { width });
  doc.text(parts.held ? t('evidence.pack.held') : t('evidence.pack.readNow'), { width });
  heading(t('evidence.pack.facts'));
  fact(t('evidence.pack.reference'), ret.reference_id);
  fact(t('evidence.pack.status'), ret.status);
  fact(t('evidence.pack.center'), ret.fulfillment_center?.name ?? (ret.fulfillment_center?.id !== undefined ? String(ret.fulfillment_center.id) : null));
  fact(t('evidence.pack.customer'), ret.customer_name);
  fact(t('evidence.pack.order'), ret.store_order_id);
  fact(t('evidence.pack.tracking'), ret.tracking_number);
  fact(t('evidence.pack.shipmentTracking'), ret.shipment_tracking_number);
}

function writeLines({ doc, t, width, heading }: Pen, ret: ReturnRecord): void {
  heading(t('evidence.pack.lines'));
  for (const [i, line] of (ret.inventory ?? []).entries()) {
    const lotInfo = line.lot_information;
    const lot = lotInfo?.number
      ? t('evidence.pack.lot', { lot: lotInfo.number, expiry: lotInfo.expiration ? lotInfo.expiration.slice(0, 10) : '—' })
      : t('evidence.pack.noLot');
    const taken = (line.action_taken ?? [])
      .map((a) => `${a.action ?? '—'} ×${a.quantity_processed}${a.action_reason ? ` (${a.action_reason})` : ''}`)
      .join(', ');
    doc.font(FONT_BOLD).text(`${i + 1}. ${line.name ?? '—'} (${line.sku ?? line.id})`, MARGIN, doc.y, { width });
    const facts = [
      t('evidence.pack.quantity', { quantity: line.quantity }),
      lot,
      t('evidence.pack.asked', { action: line.action_requested?.action ?? '—' }),
      taken ? t('evidence.pack.taken', { actions: taken }) : t('evidence.pack.notProcessed'),
    ];
    doc.font(FONT).text(facts.join(' · '), MARGIN, doc.y, { width });
  }
}

/** Two photos a row, each with its caption under it; a photo the desk does not hold is an empty frame, its caption saying why. */
function writePhotos({ doc, t, when, width, bottom, heading }: Pen, parts: ClaimPackParts): void {
  heading(t('evidence.pack.photos'));
  const shots: Array<{ bytes: Buffer | null; caption: string }> = parts.photos.map(({ view, bytes }) => ({
    bytes,
    caption: t('evidence.pack.deskPhoto', {
      item: view.itemName || view.sku || String(view.inventoryId),
      at: when(view.takenAt),
      clerk: view.clerk?.name ?? t('evidence.pack.noClerk'),
      desk: view.desk.name,
      checksum: view.checksum,
    }),
  }));
  for (const w of parts.warehouse) {
    const line = (parts.ret.inventory ?? []).find((l) => l.id === w.inventoryId);
    const item = line?.name ?? line?.sku ?? String(w.inventoryId);
    shots.push({ bytes: w.bytes, caption: `${t('evidence.pack.warehousePhoto', { item })}${w.missing ? ` ${w.missing}` : ''}` });
  }
  if (shots.length === 0) doc.text(t('evidence.pack.noPhotos'), MARGIN, doc.y, { width });
  for (let i = 0; i < shots.length; i += 2) {
    if (doc.y + PHOTO_H + 60 > bottom) doc.addPage();
    const top = doc.y + 4;
    let low = top;
    for (const [k, shot] of shots.slice(i, i + 2).entries()) {
      const x = MARGIN + k * (width - PHOTO_W);
      if (shot.bytes) doc.image(shot.bytes, x, top, { fit: [PHOTO_W, PHOTO_H], align: 'center', valign: 'center' });
      else doc.rect(x, top, PHOTO_W, PHOTO_H).stroke();
      doc.fontSize(8).text(shot.caption, x, top + PHOTO_H + 4, { width: PHOTO_W });
      low = Math.max(low, doc.y);
      doc.fontSize(10);
    }
    doc.x = MARGIN;
    doc.y = low + 8;
  }
}

/** The service's status history and this desk's journal, one timeline, oldest first. */
function writeTimeline({ doc, t, when, width, bottom, heading }: Pen, parts: ClaimPackParts, words: MainWords): void {
  heading(t('evidence.pack.timeline'));
  // The core's typed `t` through the common words' looser signature, as the page does (journal/common/say.ts).
  const tLoose = words.t as unknown as EntryWords['t'];
  const say: EntryWords = { t: tLoose, said: ({ id, values }) => tLoose(id as MessageId, values) };
  const events: Array<{ at: string; text: string }> = [];
  for (const h of parts.ret.status_history ?? [])
    if (h.timestamp) events.push({ at: h.timestamp, text: t('evidence.pack.serviceStatus', { status: h.status ?? '—' }) });
  for (const e of parts.journal) {
    const answer = answerSaid(say, e);
    const who = e.clerk ? ` ${t('journal.record.byClerk', { name: e.clerk.name })}` : '';
    events.push({ at: e.at, text: `${whatSaid(say, e)}${who}, ${e.desk.name}.${answer ? ` ${answer}` : ''}` });
  }
  events.sort((a, b) => a.at.localeCompare(b.at));
  if (events.length === 0) doc.text(t('evidence.pack.noTimeline'), MARGIN, doc.y, { width });
  for (const ev of events) {
    if (doc.y > bottom - 30) doc.addPage();
    const y = doc.y;
    doc.fontSize(9).text(when(ev.at), MARGIN, y, { width: 140 });
    const after = doc.y;
    doc.fontSize(10).text(ev.text, MARGIN + 150, y, { width: width - 150 });
    doc.y = Math.max(after, doc.y) + 2;
    doc.x = MARGIN;
  }
}
