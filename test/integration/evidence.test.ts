import { createHash } from 'node:crypto';
import { readdir, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf, type RenderedPage } from '../support/pdf-render.js';
import type { TestCore } from '../support/test-core.js';
import { emptyWroForm, emptyWroItem } from '../../shared/schemas/wro-form.js';
import { deskOn, returnableStock, StoppableService, value, waitForEntry } from '../support/returns-desk.js';

/**
 * Photos as evidence, through a real core against the standalone emulator: a photo taken on an
 * intake line is kept with its checksum, time and desk, belongs to the return the intake became
 * (its reference changed on the way), and is refused once its file is changed; the warehouse's
 * inspection photo the service links is read once and then shown offline; the claim pack's PDF
 * (drawn back with pdf.js) holds the return's facts, both photos and its timeline. A photo of a
 * receiving order's box belongs to that box, and the order's claim pack, made offline, holds its
 * expected and received units, its boxes with lots and tracking, the box's photo and its timeline.
 */
let service: StoppableService;
let t: TestCore;
let dataDir: string;
let items: { id: number; sku: string }[] = [];
let centerId: number;

beforeAll(async () => {
  service = await StoppableService.start();
  ({ plain: items, centerId } = await returnableStock(service, 2));
  dataDir = await mkdtemp(join(tmpdir(), 'dockdesk-evidence-'));
  t = await deskOn(service, dataDir);
}, 60_000);
afterAll(async () => {
  await t?.dispose().catch(() => {});
  await service.down();
  await rm(dataDir, { recursive: true, force: true });
});

/** A webcam's still as a canvas writes it: a magenta square on grey, so a page that shows it can be told. */
function cameraStill(): Buffer {
  const canvas = createCanvas(320, 240);
  const g = canvas.getContext('2d');
  g.fillStyle = '#808080';
  g.fillRect(0, 0, 320, 240);
  g.fillStyle = '#ff00ff';
  g.fillRect(60, 40, 200, 160);
  return canvas.toBuffer('image/jpeg', 90);
}

/** How many pixels of a rendered page are within 40 of a colour in each channel. */
function pixelsLike(page: RenderedPage, [r, g, b]: [number, number, number]): number {
  const { data } = page.pixels;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - r) < 40 && Math.abs(data[i + 1]! - g) < 40 && Math.abs(data[i + 2]! - b) < 40) n++;
  return n;
}

describe('evidence', () => {
  it("keeps an intake line's photo with its checksum and gives it to the return the intake became", async () => {
    const draft = value<'drafts.save'>(
      await t.core.dispatch('drafts.save', {
        kind: 'return-intake',
        value: {
          trackingNumber: `1Z${Date.now()}`,
          fulfillmentCenter: { id: centerId, name: null },
          lines: [{ inventoryId: items[0]!.id, sku: items[0]!.sku, quantity: 1, requestedAction: 'Dispose' }],
        },
      }),
    );
    const still = cameraStill();
    const photo = value<'evidence.take'>(
      await t.core.dispatch('evidence.take', { draftId: draft.id, inventoryId: items[0]!.id, contentType: 'image/jpeg', base64: still.toString('base64') }),
    );
    expect(photo.checksum).toBe(createHash('sha256').update(still).digest('hex'));
    expect(photo.bytes).toBe(still.length);
    expect(photo.inventoryId).toBe(items[0]!.id);
    expect(Date.now() - Date.parse(photo.takenAt)).toBeLessThan(60_000);
    expect(photo.desk.name).not.toBe('');

    // Refused, and said: not a picture; a line the return does not have.
    const notImage = await t.core.dispatch('evidence.take', {
      draftId: draft.id,
      inventoryId: items[0]!.id,
      contentType: 'image/jpeg',
      base64: Buffer.from('not a photo').toString('base64'),
    });
    expect(notImage.ok).toBe(false);
    expect(!notImage.ok && notImage.error.message).toMatch(/not a JPEG or PNG/);
    const noLine = await t.core.dispatch('evidence.take', {
      draftId: draft.id,
      inventoryId: items[1]!.id,
      contentType: 'image/jpeg',
      base64: still.toString('base64'),
    });
    expect(!noLine.ok && noLine.error.message).toMatch(/no longer on the return/);

    // The clerk scans the customer's own reference after the photo: the photo follows the return.
    const reference = `RMA-${Date.now()}`;
    value(await t.core.dispatch('drafts.save', { id: draft.id, kind: 'return-intake', value: { ...(draft.value as object), referenceId: reference } }));
    value(await t.core.dispatch('returns.submit', { draftId: draft.id }));
    const sent = await waitForEntry(t, (e) => e.referenceId === reference && e.state === 'sent');
    const ofReturn = value<'evidence.photos'>(await t.core.dispatch('evidence.photos', { reference }));
    expect(ofReturn.photos.map((p) => p.checksum)).toEqual([photo.checksum]);
    expect(ofReturn.photos[0]!.reference).toBe(reference);
    const image = value<'evidence.image'>(await t.core.dispatch('evidence.image', { checksum: photo.checksum }));
    expect(Buffer.from(image.dataUrl.split(',')[1]!, 'base64').equals(still)).toBe(true);

    // The warehouse processes it: its inspection photo, linked from the record, is read once and kept.
    await service.emulator!.control.advance(31 * 3600);
    const detail = value<'returns.get'>(await t.core.dispatch('returns.get', { id: sent.returnId! }));
    const url = detail.record.inventory?.[0]?.action_taken?.[0]?.image_url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/returns\/\d+\/\d+\.png$/);
    const before = (await service.emulator!.control.requests()).filter((r) => r.path.startsWith('/media/')).length;
    const warehouse = value<'evidence.warehousePhoto'>(await t.core.dispatch('evidence.warehousePhoto', { url: url! }));
    expect(warehouse.dataUrl).toMatch(/^data:image\/png;base64,/);
    value(await t.core.dispatch('evidence.warehousePhoto', { url: url! }));
    const media = (await service.emulator!.control.requests()).filter((r) => r.path.startsWith('/media/'));
    expect(media.length - before).toBe(1);
    expect(media.at(-1)!.grant).toBeNull();

    // The claim pack, made with the service away: facts, both photos drawn, and the timeline.
    await service.down();
    try {
      const pack = value<'evidence.claimPack'>(await t.core.dispatch('evidence.claimPack', { returnId: sent.returnId! }));
      expect(pack).toMatchObject({ photos: 1, warehousePhotos: 1, contentType: 'application/pdf' });
      const pages = await renderPdf(Buffer.from(pack.base64, 'base64'), 96);
      const text = pages.flatMap((p) => p.lines).join('\n');
      expect(text).toContain(`Claim pack: return ${sent.returnId}`);
      expect(text).toContain(`Reference: ${reference}`);
      expect(text).toContain(`Tracking number: ${detail.record.tracking_number}`);
      expect(text.replace(/\s/g, '')).toContain(photo.checksum);
      expect(text).toMatch(/Dispose ×1/);
      expect(text).toContain(`${items[0]!.sku}, taken at`);
      expect(text).toMatch(/Photo of .* taken \(checksum/);
      expect(text).toMatch(/Service: Completed/);
      expect(text).toMatch(/Created with 1 unit on 1 line/);
      // The desk's magenta still and the warehouse's parcel (its brown tape) are on the pages, not only their captions.
      expect(pages.reduce((n, p) => n + pixelsLike(p, [255, 0, 255]), 0)).toBeGreaterThan(2000);
      expect(pages.reduce((n, p) => n + pixelsLike(p, [0x7a, 0x5a, 0x2e]), 0)).toBeGreaterThan(500);
      // Offline, the kept warehouse photo still shows.
      value(await t.core.dispatch('evidence.warehousePhoto', { url: url! }));
    } finally {
      await service.up();
    }

    // A photo whose file was changed is no longer evidence: refused, said so.
    const folder = join(dataDir, 'evidence', 'photos');
    const [file] = (await readdir(folder)).filter((f) => f.startsWith(photo.checksum));
    await writeFile(join(folder, file!), cameraStill().subarray(0, 500));
    const changed = await t.core.dispatch('evidence.image', { checksum: photo.checksum });
    expect(changed.ok).toBe(false);
    expect(!changed.ok && changed.error.message).toMatch(/changed after it was taken/);
  }, 90_000);

  it("keeps a receiving order's box photo and makes the order's claim pack offline", async () => {
    const form = emptyWroForm();
    form.fulfillment_center.id = centerId;
    const d = new Date(Date.now() + 48 * 3600_000);
    const p = (n: number) => String(n).padStart(2, '0');
    form.expected_arrival_date = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T09:00`;
    form.purchase_order_number = `PO-EVIDENCE${Date.now()}`;
    form.boxes = [
      { tracking_number: '1ZEVBOX1', box_items: [{ ...emptyWroItem(), code: items[0]!.sku, inventory_id: items[0]!.id, sku: items[0]!.sku, quantity: 3 }] },
      { tracking_number: '1ZEVBOX2', box_items: [{ ...emptyWroItem(), code: items[1]!.sku, inventory_id: items[1]!.id, sku: items[1]!.sku, quantity: 4 }] },
    ];
    const { order } = value<'receiving.create'>(await t.core.dispatch('receiving.create', { draftId: 'draft-evidence-box', form }));
    // The order's page, its boxes read, as the clerk opens it.
    const page = value<'receiving.detail'>(await t.core.dispatch('receiving.detail', { id: order.id, contents: true }));
    const second = page.boxes.find((b) => b.tracking_number === '1ZEVBOX2')!;
    expect(second).toBeDefined();

    // The photo is taken on the page, whose boxes the desk holds: it costs the service nothing.
    const serviceRequests = async () => (await service.emulator!.control.requests()).filter((r) => !r.path.startsWith('/__emulator')).length;
    const asked = await serviceRequests();
    const still = cameraStill();
    const photo = value<'evidence.take'>(
      await t.core.dispatch('evidence.take', { orderId: order.id, boxId: second.box_id, contentType: 'image/jpeg', base64: still.toString('base64') }),
    );
    expect(await serviceRequests()).toBe(asked);
    expect(photo).toMatchObject({
      checksum: createHash('sha256').update(still).digest('hex'),
      inventoryId: null,
      box: { orderId: order.id, boxId: second.box_id, boxNumber: second.box_number },
    });
    // A box that is not the order's is refused, said so, and nothing is kept for it.
    const stranger = await t.core.dispatch('evidence.take', {
      orderId: order.id,
      boxId: 999_999_999,
      contentType: 'image/jpeg',
      base64: still.toString('base64'),
    });
    expect(stranger.ok).toBe(false);
    expect(!stranger.ok && stranger.error.message).toMatch(new RegExp(`not on receiving order ${order.id}`));
    const ofOrder = value<'evidence.photos'>(await t.core.dispatch('evidence.photos', { orderId: order.id }));
    expect(ofOrder.photos.map((x) => x.checksum)).toEqual([photo.checksum]);
    // The order's page tells its history: the box's photo among what was done at this desk.
    const history = value<'journal.forRecord'>(await t.core.dispatch('journal.forRecord', { kind: 'receiving', id: String(order.id) }));
    expect(history.entries.map((e) => e.what.kind)).toEqual(['photo.taken', 'receiving.created']);

    await service.down();
    try {
      const pack = value<'evidence.orderClaimPack'>(await t.core.dispatch('evidence.orderClaimPack', { orderId: order.id }));
      expect(pack).toMatchObject({ photos: 1, contentType: 'application/pdf', fileName: `claim-pack-receiving-order-${order.id}.pdf` });
      const pages = await renderPdf(Buffer.from(pack.base64, 'base64'), 96);
      const text = pages.flatMap((pg) => pg.lines).join('\n');
      expect(text).toContain(`Claim pack: receiving order ${order.id}`);
      expect(text).toContain('The order and its boxes as this desk last read them.');
      expect(text).toContain(`PO number: ${form.purchase_order_number}`);
      expect(text).toContain('Tracking number: 1ZEVBOX1, 1ZEVBOX2');
      expect(text).toContain(`${items[1]!.sku} · expected 4, received 0, stowed 0 · 4 units short`);
      expect(text).toContain(`Box ${second.box_number} (${second.box_id})`);
      expect(text).toContain(`${items[1]!.sku}: 4 expected, 0 received`);
      expect(text).toContain(`Box ${second.box_number}, taken at`);
      expect(text.replace(/\s/g, '')).toContain(photo.checksum);
      expect(text).toMatch(new RegExp(`Photo of box ${second.box_number} taken \\(checksum`));
      expect(text).toMatch(/Created with 2 boxes and 7 units/);
      expect(pages.reduce((n, pg) => n + pixelsLike(pg, [255, 0, 255]), 0)).toBeGreaterThan(2000);
      // An order the desk never held cannot be made offline: said, with what to do.
      const unknown = await t.core.dispatch('evidence.orderClaimPack', { orderId: 987_654_321 });
      expect(!unknown.ok && unknown.error.message).toMatch(/not held on this desk.*Open the order once online/);
    } finally {
      await service.up();
    }
  }, 90_000);
});
