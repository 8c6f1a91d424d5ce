import { defineCoreArea } from '../../../electron/core/area.js';
import { englishWords, wordsFor } from '../../../electron/core/words.js';
import { AppErrorException } from '../../../shared/errors.js';
import type { ReceivingBox } from '../../../shared/schemas/receiving.js';
import { getReceivingBoxes } from '../../receiving/core/index.js';
import { evidenceChannels } from '../common/ipc.js';
import { ClaimPacks } from './packs.js';
import { DeskPhotos } from './photos.js';
import { WarehousePhotos } from './warehouse-photos.js';

const dataUrl = (contentType: string, bytes: Buffer) => `data:${contentType};base64,${bytes.toString('base64')}`;

/**
 * Evidence of what came back or came in: the clerk's photos at intake and of a receiving order's
 * boxes (kept by checksum, recorded in the journal), the warehouse's inspection photos (read once,
 * kept), and a return's or a receiving order's claim pack.
 */
export const evidenceArea = defineCoreArea({
  id: 'evidence',
  channels: evidenceChannels,
  needs: ['dataDir', 'clock', 'journal', 'drafts', 'scope', 'environmentId', 'emit', 'mirror', 'api'],
  create: (ctx) => {
    /** A box is photographed on its order's page, whose boxes the desk has just read and holds: no request then. */
    const boxesOf = async (orderId: number, signal?: AbortSignal): Promise<readonly ReceivingBox[] | null> => {
      const held = await ctx.mirror.boxesOf(orderId);
      if (held?.whole) return held.whole;
      return getReceivingBoxes(ctx.api(), orderId, signal).catch((error: unknown) => {
        if (error instanceof AppErrorException && error.appError.code === 'not_found') return null;
        throw error;
      });
    };
    const photos = new DeskPhotos({
      dataDir: ctx.dataDir,
      journal: ctx.journal,
      drafts: () => ctx.drafts(ctx.scope()),
      environmentId: ctx.environmentId,
      boxesOf,
    });
    const warehouse = new WarehousePhotos(ctx.dataDir, () => ctx.clock.now());

    const packs = new ClaimPacks({ ...ctx, photos, warehouse });

    return {
      handlers: {
        'evidence.take': async (input, call) => {
          if ('orderId' in input) {
            const view = await photos.takeBox(input, call.signal);
            ctx.emit('evidence.photoTaken', { draftId: null, reference: null, orderId: input.orderId });
            return view;
          }
          const view = await photos.take(input);
          ctx.emit('evidence.photoTaken', { draftId: input.draftId, reference: view.reference, orderId: null });
          return view;
        },
        'evidence.photos': async (input) => ({ photos: await photos.list(input) }),
        'evidence.image': async ({ checksum }) => {
          const { bytes, contentType } = await photos.image(checksum);
          return { dataUrl: dataUrl(contentType, bytes) };
        },
        'evidence.warehousePhoto': async ({ url }) => {
          const photo = await warehouse.get(url);
          return { dataUrl: dataUrl(photo.contentType, photo.bytes), bytes: photo.bytes.length, fetchedAt: photo.fetchedAt };
        },
        'evidence.claimPack': async ({ returnId, locale, timeZone }, call) =>
          packs.ofReturn(returnId, locale ? wordsFor('system', [locale]) : englishWords, timeZone, call.signal),
        'evidence.orderClaimPack': async ({ orderId, locale, timeZone }, call) =>
          packs.ofOrder(orderId, locale ? wordsFor('system', [locale]) : englishWords, timeZone, call.signal),
      },
    };
  },
});
