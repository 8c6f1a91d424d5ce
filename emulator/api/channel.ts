import { z } from 'zod';
import { parseBody } from '../http/errors.js';
import type { RouteDef } from '../http/router.js';
import { V } from './versions.js';

const ChannelSearch = z.object({
  cursor: z.string().nullable().optional(),
  records_per_page: z.number().int().min(1).max(1000).optional(),
  search_filters: z.object({ channel_ids: z.array(z.number().int()).optional(), channel_names: z.array(z.string()).optional() }).optional(),
});

/** Spec 4.1. */
export const channelRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/channel',
    versions: V.v2025on,
    scope: 'channels_read',
    handle: (_r, ctx) => ({ body: { items: ctx.store.data.channels, next: null, prev: null } }),
  },
  {
    method: 'POST',
    path: '/channel:search',
    versions: V.experimental,
    scope: 'channels_read',
    handle: (req, ctx) => {
      let body = parseBody(ChannelSearch, req.body ?? {});
      // A cursor carries the whole search it continues and overrides the other fields (spec 4.7).
      if (body.cursor) body = { ...ctx.cursors.decode<z.infer<typeof ChannelSearch> & { offset: number }>(body.cursor), cursor: body.cursor };
      const offset = body.cursor ? ctx.cursors.decode<{ offset: number }>(body.cursor).offset : 0;
      const size = body.records_per_page ?? 50;
      const ids = body.search_filters?.channel_ids;
      const names = body.search_filters?.channel_names?.map((n) => n.toLowerCase());
      const all = ctx.store.data.channels.filter(
        (c) => (!ids?.length || ids.includes(c.id)) && (!names?.length || names.some((n) => c.name.toLowerCase().includes(n))),
      );
      const items = all.slice(offset, offset + size);
      const state = { records_per_page: size, search_filters: body.search_filters ?? {} };
      return {
        body: {
          items: items.length ? items.map((c) => ({ application_name: c.application_name, id: c.id, name: c.name, scopes: c.scopes })) : null,
          next: offset + size < all.length ? ctx.cursors.encode({ ...state, offset: offset + size }) : null,
          prev: offset > 0 ? ctx.cursors.encode({ ...state, offset: Math.max(0, offset - size) }) : null,
          total_records: items.length,
        },
      };
    },
  },
];
