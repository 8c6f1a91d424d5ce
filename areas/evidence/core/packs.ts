import type { Services } from '../../../electron/core/area.js';
import { appError, type MainWords } from '../../../electron/core/words.js';
import { AppErrorException } from '../../../shared/errors.js';
import type { ReceivingBox, ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { ReturnRecord } from '../../../shared/schemas/returns.js';
import { getReceivingBoxes, getReceivingOrder } from '../../receiving/core/index.js';
import { getReturn } from '../../returns/core/index.js';
import type { PhotoView } from '../common/ipc.js';
import { claimPackPdf, orderClaimPackPdf } from './claim-pack.js';
import type { DeskPhotos } from './photos.js';
import type { WarehousePhotos } from './warehouse-photos.js';

export type PackDeps = Pick<Services, 'clock' | 'journal' | 'environmentId' | 'mirror' | 'api'> & { photos: DeskPhotos; warehouse: WarehousePhotos };

export interface PackFile {
  fileName: string;
  contentType: 'application/pdf';
  base64: string;
  photos: number;
  warehousePhotos: number;
}

const isNetwork = (error: unknown) => error instanceof AppErrorException && error.appError.code === 'network';

/**
 * The claim packs: each gathers what the desk holds of a record (the account mirror's copy, the
 * desk's photos and the journal) and asks the service only for what the desk lacks, so a pack is
 * made offline from a record the desk has opened once.
 */
export class ClaimPacks {
  constructor(private readonly deps: PackDeps) {}

  /** The return as the desk holds it (the mirror); asked of the service only when the desk holds none. */
  private async heldReturn(id: number, signal: AbortSignal): Promise<{ ret: ReturnRecord; held: boolean }> {
    const held = (await this.deps.mirror.returns()).find((r) => r.id === id);
    if (held) return { ret: held, held: true };
    try {
      return { ret: await getReturn(this.deps.api(), id, signal), held: false };
    } catch (error) {
      if (isNetwork(error)) throw appError('network', 'errors.evidence.noReturn', { id });
      throw error;
    }
  }

  /**
   * The order and its boxes as the desk holds them (the mirror: the order as last listed, its boxes
   * as last read while the order was unchanged); the service is asked only for what the desk lacks,
   * and offline the pack is made from what is held, its boxes said to be unknown when none are.
   */
  private async heldOrder(id: number, signal: AbortSignal): Promise<{ order: ReceivingOrder; boxes: readonly ReceivingBox[] | null; held: boolean }> {
    const { mirror, api } = this.deps;
    const held = await mirror.heldOrder(id);
    if (held?.boxes) return { order: held.order, boxes: held.boxes, held: true };
    const order = held?.order ?? (await mirror.orders()).find((o) => o.id === id) ?? (await mirror.boxesOf(id))?.order ?? null;
    try {
      const [read, boxes] = await Promise.all([order ? Promise.resolve(order) : getReceivingOrder(api(), id, signal), getReceivingBoxes(api(), id, signal)]);
      return { order: read, boxes, held: order !== null };
    } catch (error) {
      if (!isNetwork(error)) throw error;
      if (!order) throw appError('network', 'errors.evidence.noOrder', { id });
      return { order, boxes: (await mirror.boxesOf(id))?.whole ?? null, held: true };
    }
  }

  private async withBytes(views: readonly PhotoView[]): Promise<Array<{ view: PhotoView; bytes: Buffer }>> {
    const out = [];
    for (const view of views) out.push({ view, bytes: (await this.deps.photos.image(view.checksum)).bytes });
    return out;
  }

  async ofReturn(returnId: number, words: MainWords, timeZone: string | undefined, signal: AbortSignal): Promise<PackFile> {
    const { photos, warehouse, journal: book } = this.deps;
    const { ret, held } = await this.heldReturn(returnId, signal);
    const environment = this.deps.environmentId();
    const deskPhotos = await this.withBytes(ret.reference_id ? await photos.list({ reference: ret.reference_id }) : []);
    const warehousePhotos = [];
    for (const line of ret.inventory ?? [])
      for (const action of line.action_taken ?? []) {
        if (!action.image_url) continue;
        // Offline, or the file host not answering: the pack is still made, the photo's place says why it is empty.
        const photo = await warehouse.get(action.image_url).catch(() => null);
        warehousePhotos.push({
          inventoryId: line.id,
          url: action.image_url,
          bytes: photo?.bytes ?? null,
          missing: photo ? null : words.t('evidence.pack.warehouseMissing'),
        });
      }
    // The return's own entries, and its photos' (recorded under its intake's reference, which may have changed since).
    // With the other desks' entries while the store answers (already of this service and account); one desk's entry once.
    const seen = new Set<string>();
    const journal = [
      ...(await Promise.all([String(ret.id), ...(ret.reference_id ? [ret.reference_id] : [])].map((id) => book.atDesks('return', id)))).flat(),
      ...(ret.reference_id ? (await photos.entries(ret.reference_id)).filter((e) => e.environment === environment) : []),
    ].filter((e) => !seen.has(`${e.desk.id}\n${e.seq}`) && seen.add(`${e.desk.id}\n${e.seq}`));
    const pdf = await claimPackPdf(
      { ret, held, desk: book.desk(), madeAt: this.deps.clock.now().toISOString(), photos: deskPhotos, warehouse: warehousePhotos, journal },
      words,
      timeZone,
    );
    return {
      fileName: `claim-pack-return-${ret.id}.pdf`,
      contentType: 'application/pdf',
      base64: pdf.toString('base64'),
      photos: deskPhotos.length,
      warehousePhotos: warehousePhotos.filter((w) => w.bytes).length,
    };
  }

  async ofOrder(orderId: number, words: MainWords, timeZone: string | undefined, signal: AbortSignal): Promise<PackFile> {
    const { journal: book } = this.deps;
    const { order, boxes, held } = await this.heldOrder(orderId, signal);
    const deskPhotos = await this.withBytes(await this.deps.photos.list({ orderId }));
    // Its box photos are entries of the order too, so they are in its journal already; with the other desks' while the store answers.
    const journal = await book.atDesks('receiving', String(order.id));
    const pdf = await orderClaimPackPdf(
      { order, boxes, held, desk: book.desk(), madeAt: this.deps.clock.now().toISOString(), photos: deskPhotos, journal },
      words,
      timeZone,
    );
    return {
      fileName: `claim-pack-receiving-order-${order.id}.pdf`,
      contentType: 'application/pdf',
      base64: pdf.toString('base64'),
      photos: deskPhotos.length,
      warehousePhotos: 0,
    };
  }
}
