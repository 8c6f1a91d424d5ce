import { a4Document, A4, documentTime, FONT, FONT_BOLD, MARGIN, TEXT_WIDTH } from '../../../electron/core/pdf/a4.js';
import type { MainWords } from '../../../electron/core/words.js';
import type { MessageId } from '../../../shared/errors.js';
import type { ReceivingBox, ReceivingOrder } from '../../../shared/schemas/receiving.js';
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

export interface OrderClaimPackParts {
  order: ReceivingOrder;
  /** The order's boxes as held or read; null when the desk holds none and the service could not be asked. */
  boxes: readonly ReceivingBox[] | null;
  /** Whether the order is as this desk held it (true) or as the service gave it for this pack. */
  held: boolean;
  desk: { name: string };
  madeAt: string;
  photos: Array<{ view: PhotoView; bytes: Buffer }>;
  journal: JournalEntry[];
}

/**
 * A claim pack: one A4 PDF with what a carrier, a supplier or a client asks for when goods came
 * back or came in damaged or short. A return's: its facts and tracking, its lines with lots, every
 * photo (the desk's, with who took it when and its checksum; the warehouse's), and one timeline of
 * the service's status history and what was done at the desks. A receiving order's: its facts and
 * freight, expected against received item by item, its boxes with lines and lots, its boxes' photos,
 * and the same timeline. Made by pdfkit from what the desk holds, so offline too.
 */
interface Pen {
  doc: PDFKit.PDFDocument;
  t: MainWords['t'];
  when: (iso: string) => string;
  width: number;
  bottom: number;
  heading: (text: string) => void;
}

interface Shot {
  bytes: Buffer | null;
  caption: string;
}
interface Moment {
  at: string;
  text: string;
}

export async function claimPackPdf(parts: ClaimPackParts, words: MainWords, timeZone: string | undefined): Promise<Buffer> {
  return packPdf(words, timeZone, words.t('evidence.pack.title', { id: parts.ret.id }), (pen) => {
    writeFacts(pen, parts);
    writeLines(pen, parts.ret);
    writeShots(pen, returnShots(pen, parts), pen.t('evidence.pack.noPhotos'));
    writeTimeline(pen, statusMoments(pen, parts.ret.status_history), parts.journal, words);
  });
}

export async function orderClaimPackPdf(parts: OrderClaimPackParts, words: MainWords, timeZone: string | undefined): Promise<Buffer> {
  return packPdf(words, timeZone, words.t('evidence.pack.orderTitle', { id: parts.order.id }), (pen) => {
    writeOrderFacts(pen, parts);
    writeQuantities(pen, parts.order);
    writeBoxes(pen, parts);
    const shots = parts.photos.map(({ view, bytes }) => ({
      bytes,
      caption: deskCaption(pen, view, pen.t('evidence.pack.box', { box: view.box?.boxNumber ?? view.box?.boxId ?? '—' })),
    }));
    writeShots(pen, shots, pen.t('evidence.pack.noBoxPhotos'));
    writeTimeline(pen, statusMoments(pen, parts.order.status_history), parts.journal, words);
  });
}

async function packPdf(words: MainWords, timeZone: string | undefined, title: string, write: (pen: Pen) => void): Promise<Buffer> {
  const t = words.t;
  const { doc, done } = a4Document(words, title);
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
  doc.font(FONT_BOLD).fontSize(17).text(title, { width });
  doc.font(FONT).fontSize(10);
  write(pen);
  doc.end();
  return done;
}

function fact({ doc, width }: Pen, label: string, value: string | number | null | undefined): void {
  doc.text(`${label}: ${value !== null && value !== undefined && value !== '' ? value : '—'}`, MARGIN, doc.y, { width });
}

/** Where the pack's facts came from: when it was made, and from the desk's copy or the service's answer. */
function writeMade(pen: Pen, made: { desk: { name: string }; madeAt: string }, source: string): void {
  pen.doc.text(pen.t('evidence.pack.made', { desk: made.desk.name, at: pen.when(made.madeAt) }), { width: pen.width });
  pen.doc.text(source, { width: pen.width });
}

function writeFacts(pen: Pen, parts: ClaimPackParts): void {
  const { t, heading } = pen;
  const { ret } = parts;
  writeMade(pen, parts, parts.held ? t('evidence.pack.held') : t('evidence.pack.readNow'));
  heading(t('evidence.pack.facts'));
  fact(pen, t('evidence.pack.reference'), ret.reference_id);
  fact(pen, t('evidence.pack.status'), ret.status);
  fact(pen, t('evidence.pack.center'), ret.fulfillment_center?.name ?? (ret.fulfillment_center?.id !== undefined ? String(ret.fulfillment_center.id) : null));
  fact(pen, t('evidence.pack.customer'), ret.customer_name);
  fact(pen, t('evidence.pack.order'), ret.store_order_id);
  fact(pen, t('evidence.pack.tracking'), ret.tracking_number);
  fact(pen, t('evidence.pack.shipmentTracking'), ret.shipment_tracking_number);
}

function writeOrderFacts(pen: Pen, parts: OrderClaimPackParts): void {
  const { t, when, heading } = pen;
  const { order } = parts;
  writeMade(pen, parts, parts.held ? t('evidence.pack.orderHeld') : t('evidence.pack.orderReadNow'));
  heading(t('evidence.pack.orderFacts'));
  fact(pen, t('evidence.pack.po'), order.purchase_order_number);
  fact(pen, t('evidence.pack.status'), order.status);
  fact(pen, t('evidence.pack.center'), order.fulfillment_center?.name ?? order.fulfillment_center?.id);
  fact(pen, t('evidence.pack.expected'), order.expected_arrival_date ? when(order.expected_arrival_date) : null);
  fact(pen, t('evidence.pack.packageType'), `${order.package_type}, ${order.box_packaging_type}`);
  const tracking = [...new Set((parts.boxes ?? []).map((b) => b.tracking_number).filter((n): n is string => !!n))];
  fact(pen, t('evidence.pack.tracking'), tracking.join(', '));
  const f = order.freight;
  if (f) {
    fact(pen, t('evidence.pack.carrier'), f.carrier);
    fact(pen, t('evidence.pack.bol'), f.bol_number);
    fact(pen, t('evidence.pack.container'), f.container_number);
    if (f.notes) fact(pen, t('evidence.pack.freightNotes'), f.notes);
  }
}

/** What was expected against what was received, item by item, each difference named. */
function writeQuantities(pen: Pen, order: ReceivingOrder): void {
  const { doc, t, width, heading } = pen;
  heading(t('evidence.pack.quantities'));
  const lines = order.inventory_quantities ?? [];
  if (lines.length === 0) doc.text(t('evidence.pack.noQuantities'), MARGIN, doc.y, { width });
  for (const q of lines) {
    const expected = q.expected_quantity ?? 0;
    const received = q.received_quantity ?? 0;
    const difference = received - expected;
    doc.font(FONT_BOLD).text(q.sku ?? String(q.inventory_id), MARGIN, doc.y, { width, continued: true });
    doc
      .font(FONT)
      .text(
        ` · ${t('evidence.pack.expectedReceived', { expected, received, stowed: q.stowed_quantity ?? 0 })}${
          difference < 0
            ? ` · ${t('evidence.pack.short', { units: -difference })}`
            : difference > 0
              ? ` · ${t('evidence.pack.over', { units: difference })}`
              : ''
        }`,
      );
  }
}

function writeBoxes(pen: Pen, parts: OrderClaimPackParts): void {
  const { doc, t, when, width, heading } = pen;
  heading(t('evidence.pack.boxes'));
  if (parts.boxes === null) {
    doc.text(t('evidence.pack.boxesUnknown'), MARGIN, doc.y, { width });
    return;
  }
  const skus = new Map((parts.order.inventory_quantities ?? []).map((q) => [q.inventory_id, q.sku ?? String(q.inventory_id)]));
  for (const box of parts.boxes) {
    doc
      .font(FONT_BOLD)
      .text(
        `${t('evidence.pack.box', { box: box.box_number ?? '—' })} (${box.box_id}) · ${box.box_status}${box.tracking_number ? ` · ${box.tracking_number}` : ''}${
          box.arrived_date ? ` · ${t('evidence.pack.arrived', { at: when(box.arrived_date) })}` : ''
        }`,
        MARGIN,
        doc.y,
        { width },
      );
    doc.font(FONT);
    for (const item of box.box_items ?? []) {
      const lot = item.lot_number
        ? t('evidence.pack.lot', { lot: item.lot_number, expiry: item.lot_date ? item.lot_date.slice(0, 10) : '—' })
        : t('evidence.pack.noLot');
      const counted = t('evidence.pack.boxLine', {
        item: skus.get(item.inventory_id) ?? String(item.inventory_id),
        quantity: item.quantity ?? 0,
        received: item.received_quantity ?? 0,
      });
      doc.text(`${counted} · ${lot}`, MARGIN + 12, doc.y, { width: width - 12 });
    }
  }
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

/** A desk photo's caption: what it shows, who took it where and when, and its full checksum. */
function deskCaption({ t, when }: Pen, view: PhotoView, item: string): string {
  return t('evidence.pack.deskPhoto', {
    item,
    at: when(view.takenAt),
    clerk: view.clerk?.name ?? t('evidence.pack.noClerk'),
    desk: view.desk.name,
    checksum: view.checksum,
  });
}

function returnShots(pen: Pen, parts: ClaimPackParts): Shot[] {
  const shots: Shot[] = parts.photos.map(({ view, bytes }) => ({
    bytes,
    caption: deskCaption(pen, view, view.itemName || view.sku || String(view.inventoryId)),
  }));
  for (const w of parts.warehouse) {
    const line = (parts.ret.inventory ?? []).find((l) => l.id === w.inventoryId);
    const item = line?.name ?? line?.sku ?? String(w.inventoryId);
    shots.push({ bytes: w.bytes, caption: `${pen.t('evidence.pack.warehousePhoto', { item })}${w.missing ? ` ${w.missing}` : ''}` });
  }
  return shots;
}

/** Two photos a row, each with its caption under it; a photo the desk does not hold is an empty frame, its caption saying why. */
function writeShots({ doc, t, width, bottom, heading }: Pen, shots: readonly Shot[], none: string): void {
  heading(t('evidence.pack.photos'));
  if (shots.length === 0) doc.text(none, MARGIN, doc.y, { width });
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

function statusMoments({ t }: Pen, history: ReadonlyArray<{ status?: string | null; timestamp?: string | null }> | null | undefined): Moment[] {
  return (history ?? []).flatMap((h) => (h.timestamp ? [{ at: h.timestamp, text: t('evidence.pack.serviceStatus', { status: h.status ?? '—' }) }] : []));
}

/** The service's status history and the journal, one timeline, oldest first. */
function writeTimeline({ doc, t, when, width, bottom, heading }: Pen, service: Moment[], journal: readonly JournalEntry[], words: MainWords): void {
  heading(t('evidence.pack.timeline'));
  // The core's typed `t` through the common words' looser signature, as the page does (journal/common/say.ts).
  const tLoose = words.t as unknown as EntryWords['t'];
  const say: EntryWords = { t: tLoose, said: ({ id, values }) => tLoose(id as MessageId, values) };
  const events: Moment[] = [...service];
  for (const e of journal) {
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
