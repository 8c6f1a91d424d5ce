import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import type { StoredWro } from './data/model.js';
import type { EmulatorStore } from './store.js';

/**
 * Box labels for a receiving order (API notes): a PDF with one page per box (4 x 6 in, the label
 * printers' size), each carrying a Code 128 barcode of the box id, rendered by bwip-js, laid out by
 * pdfkit. The text names the order, the box and its contents, for the person taping it on.
 */
export async function renderBoxLabels(wro: StoredWro, store: EmulatorStore): Promise<Buffer> {
  const images = await Promise.all(
    wro.boxes.map((box) => bwipjs.toBuffer({ bcid: 'code128', text: String(box.box_id), scale: 3, height: 18, includetext: true, textxalign: 'center' })),
  );
  const doc = new PDFDocument({
    size: [288, 432],
    margin: 18,
    autoFirstPage: false,
    info: { Title: `Receiving order ${wro.id} box labels`, Producer: 'Dockdesk emulator' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fc = wro.fulfillment_center;
  wro.boxes.forEach((box, i) => {
    doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(`WRO ${wro.id}`, { continued: true })
      .font('Helvetica')
      .text(`   Box ${box.box_number} of ${wro.boxes.length}`);
    doc
      .fontSize(9)
      .moveDown(0.3)
      .text(`Ship to: ${fc.name}`)
      .text(`${fc.address1}${fc.address2 ? `, ${fc.address2}` : ''}`)
      .text(`${fc.city}, ${fc.state} ${fc.zip_code} ${fc.country}`);
    if (wro.purchase_order_number) doc.text(`PO: ${wro.purchase_order_number}`);
    doc.moveDown(0.6);
    doc.image(images[i]!, { fit: [252, 110], align: 'center' });
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(9).text('Contents');
    doc.font('Helvetica').fontSize(8);
    for (const item of box.box_items.slice(0, 12)) {
      const inv = store.inventory(item.inventory_id);
      doc.text(`${item.quantity} x ${inv?.sku ?? item.inventory_id}${item.lot_number ? `  lot ${item.lot_number}` : ''}`);
    }
    if (box.box_items.length > 12) doc.text(`… and ${box.box_items.length - 12} more lines`);
    // Inside the bottom margin, without line breaks: text past it would make pdfkit start a new page.
    doc.fontSize(7).text('Place this label on a flat side of the box.', 18, 396, { lineBreak: false });
  });
  if (wro.boxes.length === 0) doc.addPage().text(`Receiving order ${wro.id} has no boxes.`);
  doc.end();
  return done;
}
