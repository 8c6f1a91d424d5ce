import { defineCoreArea } from '../../../electron/core/area.js';
import { appError, englishWords, wordsFor } from '../../../electron/core/words.js';
import { AppErrorException } from '../../../shared/errors.js';
import type { ReturnRecord } from '../../../shared/schemas/returns.js';
import { getReturn } from '../../returns/core/index.js';
import { evidenceChannels } from '../common/ipc.js';
import { claimPackPdf } from './claim-pack.js';
import { DeskPhotos } from './photos.js';
import { WarehousePhotos } from './warehouse-photos.js';

const dataUrl = (contentType: string, bytes: Buffer) => `data:${contentType};base64,${bytes.toString('base64')}`;

/**
 * Evidence of what came back: the clerk's photos at intake (kept by checksum, recorded in the
 * journal), the warehouse's inspection photos (read once, kept), and a return's claim pack.
 */
export const evidenceArea = defineCoreArea({
  id: 'evidence',
  channels: evidenceChannels,
  needs: ['dataDir', 'clock', 'journal', 'drafts', 'scope', 'environmentId', 'emit', 'mirror', 'api'],
  create: (ctx) => {
    const photos = new DeskPhotos({ dataDir: ctx.dataDir, journal: ctx.journal, drafts: () => ctx.drafts(ctx.scope()), environmentId: ctx.environmentId });
    const warehouse = new WarehousePhotos(ctx.dataDir, () => ctx.clock.now());

    /** The return as the desk holds it (the mirror); asked of the service only when the desk holds none. */
    const heldReturn = async (id: number, signal: AbortSignal): Promise<{ ret: ReturnRecord; held: boolean }> => {
      const held = (await ctx.mirror.returns()).find((r) => r.id === id);
      if (held) return { ret: held, held: true };
      try {
        return { ret: await getReturn(ctx.api(), id, signal), held: false };
      } catch (error) {
        if (error instanceof AppErrorException && error.appError.code === 'network') throw appError('network', 'errors.evidence.noReturn', { id });
        throw error;
      }
    };

    return {
      handlers: {
        'evidence.take': async (input) => {
          const view = await photos.take(input);
          ctx.emit('evidence.photoTaken', { draftId: input.draftId, reference: view.reference });
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
        'evidence.claimPack': async ({ returnId, locale, timeZone }, call) => {
          const { ret, held } = await heldReturn(returnId, call.signal);
          const environment = ctx.environmentId();
          const kept = ret.reference_id ? await photos.list({ reference: ret.reference_id }) : [];
          const desk = ctx.journal.desk();
          const words = locale ? wordsFor('system', [locale]) : englishWords;
          const deskPhotos = [];
          for (const view of kept) deskPhotos.push({ view, bytes: (await photos.image(view.checksum)).bytes });
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
            ...(await Promise.all([String(ret.id), ...(ret.reference_id ? [ret.reference_id] : [])].map((id) => ctx.journal.atDesks('return', id)))).flat(),
            ...(ret.reference_id ? (await photos.entries(ret.reference_id)).filter((e) => e.environment === environment) : []),
          ].filter((e) => !seen.has(`${e.desk.id}\n${e.seq}`) && seen.add(`${e.desk.id}\n${e.seq}`));
          const pdf = await claimPackPdf(
            { ret, held, desk, madeAt: ctx.clock.now().toISOString(), photos: deskPhotos, warehouse: warehousePhotos, journal },
            words,
            timeZone,
          );
          return {
            fileName: `claim-pack-return-${ret.id}.pdf`,
            contentType: 'application/pdf' as const,
            base64: pdf.toString('base64'),
            photos: deskPhotos.length,
            warehousePhotos: warehousePhotos.filter((w) => w.bytes).length,
          };
        },
      },
    };
  },
});
