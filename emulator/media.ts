import { createCanvas } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from './context.js';
import { problem } from './http/errors.js';

/**
 * The warehouse's inspection photos of returned goods, as the service links them from a processed
 * return's `action_taken[].image_url`: plain image files outside the API (as a CDN serves them: no
 * bearer token, no version, no rate limit), made on first request and kept.
 */
const MEDIA_PREFIX = '/media/returns';

export function inspectionPhotoPath(returnId: number, lineId: number): string {
  return `${MEDIA_PREFIX}/${returnId}/${lineId}.png`;
}

const photos = new Map<string, Buffer>();

/** A picture a test can recognise on a page: a parcel in the warehouse's colours, its return, item and action written on it. */
function inspectionPhoto(returnId: number, sku: string, action: string): Buffer {
  const canvas = createCanvas(480, 360);
  const g = canvas.getContext('2d');
  g.fillStyle = '#d9c9a3';
  g.fillRect(0, 0, 480, 360);
  g.fillStyle = '#a9824b';
  g.fillRect(90, 90, 300, 200);
  g.fillStyle = '#7a5a2e';
  g.fillRect(220, 90, 40, 200);
  g.fillStyle = '#1c1c1c';
  g.font = 'bold 22px sans-serif';
  g.fillText('Warehouse inspection', 20, 40);
  g.font = '18px sans-serif';
  g.fillText(`Return ${returnId} · ${sku}`, 20, 330);
  g.fillText(action, 20, 70);
  return canvas.toBuffer('image/png');
}

export function registerMediaRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get<{ Params: { returnId: string; file: string } }>(`${MEDIA_PREFIX}/:returnId/:file`, async (request, reply) => {
    const returnId = Number(request.params.returnId);
    const lineId = Number(/^(\d+)\.png$/.exec(request.params.file)?.[1] ?? NaN);
    const ret = context.store.data.returns.find((r) => r.id === returnId);
    const line = ret?.inventory.find((l) => l.id === lineId);
    if (!ret || !line || line.action_taken.length === 0) {
      const answer = problem(404, `No inspection photo at ${request.url}.`);
      return reply.code(404).type('application/problem+json').send(answer.body);
    }
    const key = `${returnId}/${lineId}`;
    let png = photos.get(key);
    if (!png) {
      png = inspectionPhoto(returnId, line.sku, line.action_taken.map((a) => `${a.action}: ${a.action_reason}`).join(', '));
      photos.set(key, png);
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=86400, immutable').send(png);
  });
}
