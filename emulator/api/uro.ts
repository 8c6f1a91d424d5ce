import bwipjs from 'bwip-js';
import { AssociateWro, type UnidentifiedReceivingOrder } from '../../shared/schemas/uro.js';
import type { EmulatorContext } from '../context.js';
import type { StoredUro } from '../data/model.js';
import { parseBody, problem, validation } from '../http/errors.js';
import { intParam, QueryReader } from '../http/query.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { V } from './versions.js';

const PAGE_SIZE = 50;
/** Attachment images are made on first request (a picture of the package's label) and kept. */
const images = new Map<string, Buffer>();

async function attachmentImage(uro: StoredUro, attachmentId: number): Promise<Buffer> {
  const key = `${uro.id}/${attachmentId}`;
  let png = images.get(key);
  if (!png) {
    png = await bwipjs.toBuffer({
      bcid: 'code128',
      text: uro.tracking_barcode ?? uro.barcode,
      scale: 2,
      height: 14,
      includetext: true,
      textxalign: 'center',
      backgroundcolor: 'F4F1E8',
      paddingwidth: 12,
      paddingheight: 12,
    });
    images.set(key, png);
  }
  return png;
}

async function shape(uro: StoredUro, version: string): Promise<UnidentifiedReceivingOrder> {
  const attachments = await Promise.all(
    uro.attachments.map(async (a) => ({
      ...a,
      size_bytes: (await attachmentImage(uro, a.id)).length,
      url: `/${version}/unidentified-receiving-order/${uro.id}/attachments/${a.id}`,
    })),
  );
  return { ...uro, attachments };
}

function find(ctx: EmulatorContext, req: ApiRequest): StoredUro {
  const id = intParam(req.params.uroId, 'uroId');
  const uro = ctx.store.data.uros.find((u) => u.id === id);
  if (!uro) throw problem(404, `Unidentified receiving order ${id} does not exist.`);
  return uro;
}

export const uroRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/unidentified-receiving-order',
    versions: V.v2026_07,
    scope: 'receiving_read',
    handle: async (req, ctx) => {
      const q = new QueryReader(req.query);
      const completed = q.bool('isCompleted') ?? false;
      const page = q.int('page', 1, 2147483647, 1);
      q.done();
      const all = ctx.store.data.uros.filter((u) => (u.linked_wro_id !== null) === completed).sort((a, b) => b.created_date.localeCompare(a.created_date));
      return { body: await Promise.all(all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((u) => shape(u, req.version))) };
    },
  },
  {
    method: 'GET',
    path: '/unidentified-receiving-order/{uroId}',
    versions: V.v2026_07,
    scope: 'receiving_read',
    handle: async (req, ctx) => ({ body: await shape(find(ctx, req), req.version) }),
  },
  {
    method: 'GET',
    path: '/unidentified-receiving-order/{uroId}/attachments/{attachmentId}',
    versions: V.v2026_07,
    scope: 'receiving_read',
    handle: async (req, ctx) => {
      const uro = find(ctx, req);
      const id = intParam(req.params.attachmentId, 'attachmentId');
      const attachment = uro.attachments.find((a) => a.id === id);
      if (!attachment) throw problem(404, `Attachment ${id} does not exist on unidentified receiving order ${uro.id}.`);
      return { body: await attachmentImage(uro, id), contentType: attachment.content_type, headers: { 'cache-control': 'private, max-age=3600' } };
    },
  },
  {
    method: 'POST',
    path: '/unidentified-receiving-order/{uroId}:associateWRO',
    versions: V.v2026_07,
    scope: 'receiving_write',
    handle: (req, ctx) => {
      const uro = find(ctx, req);
      const { wro_id } = parseBody(AssociateWro, req.body);
      const wro = ctx.store.wro(wro_id);
      if (!wro) throw problem(404, `Receiving order ${wro_id} does not exist.`);
      if (uro.linked_wro_id !== null)
        throw validation(422, { uroId: [`Unidentified receiving order ${uro.id} is already linked to receiving order ${uro.linked_wro_id}.`] });
      if (wro.status === 'Cancelled' || wro.status === 'Completed')
        throw validation(422, { wro_id: [`Receiving order ${wro.id} is ${wro.status} and cannot take more stock.`] });
      uro.linked_wro_id = wro.id;
      uro.linked_wro_date = ctx.clock.now().toISOString();
      ctx.store.changed();
      return { status: 204 };
    },
  },
];
