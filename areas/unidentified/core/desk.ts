import type { z } from 'zod';
import { AppErrorException } from '../../../shared/errors.js';
import { appError } from '../../../electron/core/words.js';
import type { unidentifiedChannels } from '../common/ipc.js';
import { sniffImageType, type UnidentifiedReceivingOrder } from '../../../shared/schemas/uro.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { getReceivingOrder } from '../../receiving/core/index.js';
import { receiptMatches, searchReceipts, SEARCH_MAX_MATCHES, type CodeMatch } from './receipt-search.js';
import { associateWro, getAttachmentImage, getReceipt, listReceipts } from './resources.js';
import type { AccountMirror } from '../../../electron/core/mirror/index.js';
import { BoxTrackingCache, closedRefusal, wroCandidates, type HeldOrders } from './wro-candidates.js';
import { answerDone, answerRefused, isRefusal, type JournalService } from '../../journal/core/index.js';
import type { JournalWhat } from '../../journal/common/entry.js';

/** Pages of linked receipts a scan reads (50 each). */
const SCAN_LINKED_PAGES = 4;

export interface UnidentifiedDeskDeps {
  /** The active environment's API client. */
  api: () => ApiClient;
  /** The channel with write access chosen for the active environment (service_channel_id), if any. */
  writeChannelId: () => number | null;
  /** The account mirror: the unlinked receipts, the orders and their boxes' tracking numbers as last read. */
  mirror: AccountMirror;
  /** The desk's journal: each receipt linked to an order, with the service's answer. */
  journal?: Pick<JournalService, 'record'>;
}

type Channels = typeof unidentifiedChannels;
type In<C extends keyof Channels> = z.output<Channels[C]['input']>;
type Out<C extends keyof Channels> = Promise<z.input<Channels[C]['output']>>;

/**
 * The unidentified receipts desk in main: the lists and their search, a receipt and its pictures, the
 * WROs it could belong to, linking it (refusals worded before anything is sent), and a scan's lookup.
 * Created with its dependencies; the IPC handlers are thin over it.
 */
export class UnidentifiedDesk {
  /** Box tracking numbers per WRO, kept a while: candidates for several receipts read them once. */
  private readonly boxes = new BoxTrackingCache();

  constructor(private readonly deps: UnidentifiedDeskDeps) {}

  async list({ tab, page, q }: In<'unidentified.list'>, signal: AbortSignal): Out<'unidentified.list'> {
    const linked = tab === 'linked';
    if (!q) {
      const result = await listReceipts(this.deps.api(), { linked, page }, signal);
      return { items: result.items, page, hasNext: result.hasNext, search: null };
    }
    // A search answers its matches on one page: they are bounded (SEARCH_MAX_MATCHES).
    const found = await searchReceipts(this.deps.api(), { linked, code: q, how: 'contains' }, signal);
    return {
      items: found.items.slice(0, SEARCH_MAX_MATCHES),
      page: 1,
      hasNext: false,
      search: { pagesRead: found.pagesRead, complete: found.complete },
    };
  }

  get(id: number, signal: AbortSignal): Promise<UnidentifiedReceivingOrder> {
    return receiptOrExplain(this.deps.api(), id, signal);
  }

  async attachment({ id, attachmentId }: In<'unidentified.attachment'>, signal: AbortSignal): Out<'unidentified.attachment'> {
    const bytes = await getAttachmentImage(this.deps.api(), id, attachmentId, signal).catch((error: unknown) => {
      throw explainNotFound(error, () => appError('not_found', 'errors.unidentified.noAttachment', { id, attachment: attachmentId }));
    });
    // The type comes from the bytes (RESPONSES refused anything that is not a raster image).
    const contentType = sniffImageType(bytes)!;
    return { contentType, bytes: bytes.length, dataUrl: `data:${contentType};base64,${bytes.toString('base64')}` };
  }

  /**
   * The orders a receipt could be linked to: from the mirror when it has read the orders (the receipt
   * itself too, when it is an unlinked one the mirror holds), so opening the picker costs at most the
   * receipt; a typed id or PO number the mirror lacks is asked of the service.
   */
  async candidates({ id, query, fc }: In<'unidentified.candidates'>, signal: AbortSignal): Out<'unidentified.candidates'> {
    const { mirror } = this.deps;
    const receipt = (await mirror.receipts()).find((r) => r.id === id) ?? (await receiptOrExplain(this.deps.api(), id, signal));
    const state = await mirror.state();
    const held: HeldOrders | null =
      state.receivingAt === null
        ? null
        : {
            orders: state.orders,
            tracking: new Map(
              Object.entries(state.boxes).map(([orderId, b]) => [Number(orderId), b.boxes.map((x) => x.tracking).filter((t): t is string => !!t)]),
            ),
          };
    return wroCandidates(this.deps.api(), this.boxes, receipt, { query, fc }, signal, held);
  }

  async link({ id, wroId }: In<'unidentified.link'>, signal: AbortSignal): Promise<UnidentifiedReceivingOrder> {
    const api = this.deps.api();
    // Checked first, so a refusal is explained in words before anything is sent.
    await refusalBeforeLink(api, id, wroId, signal);
    const what: JournalWhat = { kind: 'receipt.linked', record: { kind: 'receipt', id: String(id), reference: null }, details: { wroId } };
    try {
      await associateWro(api, id, wroId, this.deps.writeChannelId(), signal);
      await this.deps.journal?.record({ what, answer: answerDone(id) });
    } catch (error) {
      if (isRefusal(error)) await this.deps.journal?.record({ what, answer: answerRefused(error) });
      // Someone else linked it, or the WRO closed, between the check and the write: say which.
      if (error instanceof AppErrorException && (error.appError.code === 'validation' || error.appError.code === 'not_found'))
        await refusalBeforeLink(api, id, wroId, signal);
      throw error;
    }
    await this.deps.mirror.receiptLinked(id);
    return getReceipt(api, id, signal);
  }

  async byCode(code: string, how: CodeMatch, signal: AbortSignal): Out<'unidentified.byCode'> {
    const { mirror } = this.deps;
    // Typed in the palette, digits may also be a receipt's own id.
    const id = how === 'contains' && /^\d{1,10}$/.test(code) && Number(code) <= 2147483647 ? Number(code) : null;
    if (mirror.isFresh()) {
      // The mirror holds every unlinked receipt and the newest linked ones, as the pages below would read.
      const held = await mirror.allReceipts();
      const items = held.filter((r) => r.id === id || receiptMatches(r, code, how)).slice(0, SEARCH_MAX_MATCHES);
      // An id newer than every receipt held came in since the mirror looked: the receipt itself, one
      // request; unless the digits already name an order the mirror holds (what the clerk meant).
      const namesOrder = id !== null && (await mirror.orders()).some((o) => o.id === id);
      if (id !== null && !namesOrder && !items.some((r) => r.id === id) && id > Math.max(0, ...held.map((r) => r.id))) {
        const read = await getReceipt(this.deps.api(), id, signal).catch(notFoundAsNull);
        if (read) items.unshift(read);
      }
      return { items, search: { pagesRead: 0, complete: true } };
    }
    if (how === 'contains') {
      const api = this.deps.api();
      const [byId, unlinked, linked] = await Promise.all([
        id === null ? null : getReceipt(api, id, signal).catch(notFoundAsNull),
        searchReceipts(api, { linked: false, code, how }, signal),
        searchReceipts(api, { linked: true, code, how, maxPages: SCAN_LINKED_PAGES }, signal),
      ]);
      return {
        items: [...(byId ? [byId] : []), ...unlinked.items, ...linked.items].slice(0, SEARCH_MAX_MATCHES),
        search: { pagesRead: unlinked.pagesRead + linked.pagesRead, complete: unlinked.complete && linked.complete },
      };
    }
    const api = this.deps.api();
    // Unlinked first: a receipt waiting for its WRO is what a scan at the desk is most likely after.
    const unlinked = await searchReceipts(api, { linked: false, code, how: 'exact' }, signal);
    // Linked receipts only grow (they are history): a scan looks at the newest 200, not all of them.
    const linked = await searchReceipts(api, { linked: true, code, how: 'exact', maxPages: SCAN_LINKED_PAGES }, signal);
    return {
      items: [...unlinked.items, ...linked.items],
      search: { pagesRead: unlinked.pagesRead + linked.pagesRead, complete: unlinked.complete && linked.complete },
    };
  }
}

async function receiptOrExplain(api: ApiClient, id: number, signal: AbortSignal): Promise<UnidentifiedReceivingOrder> {
  return getReceipt(api, id, signal).catch((error: unknown) => {
    throw explainNotFound(error, () => appError('not_found', 'errors.unidentified.noReceipt', { id }));
  });
}

/** The refusals the service would give (API notes: 404, 422), found and worded before the write. */
async function refusalBeforeLink(api: ApiClient, id: number, wroId: number, signal: AbortSignal): Promise<void> {
  const receipt = await receiptOrExplain(api, id, signal);
  if (receipt.linked_wro_id !== null) {
    throw receipt.linked_wro_id === wroId
      ? appError('conflict', 'errors.unidentified.linkedHere', { barcode: receipt.barcode })
      : appError('conflict', 'errors.unidentified.linkedElsewhere', { barcode: receipt.barcode, order: receipt.linked_wro_id });
  }
  const wro = await getReceivingOrder(api, wroId, signal).catch((error: unknown) => {
    throw explainNotFound(error, () => appError('not_found', 'errors.unidentified.noOrder', { order: wroId }));
  });
  const refusal = closedRefusal(wro);
  if (refusal) throw appError('conflict', 'errors.unidentified.orderClosed', { id: wro.id });
}

function notFoundAsNull(error: unknown): null {
  if (error instanceof AppErrorException && error.appError.code === 'not_found') return null;
  throw error;
}

function explainNotFound(error: unknown, explained: () => AppErrorException): unknown {
  if (error instanceof AppErrorException && error.appError.code === 'not_found') {
    const { serviceMessage, detail, requestId } = error.appError;
    const better = explained().appError;
    return new AppErrorException({
      ...better,
      ...(serviceMessage ? { serviceMessage } : {}),
      ...(detail ? { detail } : {}),
      ...(requestId ? { requestId } : {}),
    });
  }
  return error;
}
