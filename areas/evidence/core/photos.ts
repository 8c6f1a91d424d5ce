import { join } from 'node:path';
import type { DraftStore } from '../../../electron/core/data/draft-store.js';
import { appError } from '../../../electron/core/words.js';
import { ReturnDraft } from '../../../shared/schemas/return-draft.js';
import type { JournalEntry } from '../../journal/common/entry.js';
import type { JournalService } from '../../journal/core/index.js';
import type { ReceivingBox } from '../../../shared/schemas/receiving.js';
import { PhotoType, PhotoView, type PhotosOfInput, type TakeBoxPhoto, type TakeLinePhoto } from '../common/ipc.js';
import { PhotoFiles, sniffPhoto } from './photo-files.js';

export interface PhotoDeps {
  dataDir: string;
  journal: JournalService;
  drafts: () => DraftStore;
  environmentId: () => string;
  /** A receiving order's boxes as the desk holds them, else as the service gives them (null: no such order). */
  boxesOf: (orderId: number, signal?: AbortSignal) => Promise<readonly ReceivingBox[] | null>;
}

const ALL_TIME: [Date, Date] = [new Date(0), new Date(8.64e15)];

/**
 * The desk's photos of returns' lines and receiving orders' boxes. The bytes are kept as files named by their checksum (photo-files.ts);
 * what a photo is of, when, at which desk and by whom is its `photo.taken` entry in the journal, so a
 * photo has the journal's proofs: appended, hash-chained, kept through a crash, and stamped with
 * the clerk whose turn it was. A photo is taken on an intake (a draft) before the return has an id;
 * the return it became is the one whose journal entry names that draft.
 */
export class DeskPhotos {
  private readonly files: PhotoFiles;

  constructor(private readonly deps: PhotoDeps) {
    this.files = new PhotoFiles(join(deps.dataDir, 'evidence', 'photos'));
  }

  async take(input: TakeLinePhoto): Promise<PhotoView> {
    const bytes = Buffer.from(input.base64, 'base64');
    if (sniffPhoto(bytes) !== input.contentType) throw appError('invalid_input', 'errors.evidence.notAPhoto');
    const record = await this.deps.drafts().get(input.draftId);
    if (!record || record.kind !== 'return-intake') throw appError('not_found', 'errors.evidence.noIntake');
    const draft = ReturnDraft.parse(record.value);
    const line = draft.lines.find((l) => l.inventoryId === input.inventoryId);
    if (!line) throw appError('invalid_input', 'errors.evidence.noLine');
    const checksum = await this.files.keep(bytes, input.contentType);
    const reference = draft.referenceId || null;
    const entry = await this.deps.journal.record({
      what: {
        kind: 'photo.taken',
        record: { kind: 'return', id: draft.editOf !== null ? String(draft.editOf) : (reference ?? input.draftId), reference },
        details: {
          draftId: input.draftId,
          inventoryId: line.inventoryId,
          sku: line.sku || null,
          itemName: line.name || null,
          checksum,
          contentType: input.contentType,
          bytes: bytes.length,
        },
      },
      answer: null,
    });
    // A photo the journal could not take would be a file nobody can find or trust: said, not kept quietly.
    if (!entry) throw appError('internal', 'errors.evidence.notRecorded');
    return this.view(entry, reference);
  }

  /** A photo of a box of a receiving order: the box must be one of the order's, as the page showed it. */
  async takeBox(input: TakeBoxPhoto, signal?: AbortSignal): Promise<PhotoView> {
    const bytes = Buffer.from(input.base64, 'base64');
    if (sniffPhoto(bytes) !== input.contentType) throw appError('invalid_input', 'errors.evidence.notAPhoto');
    const boxes = await this.deps.boxesOf(input.orderId, signal);
    const box = boxes?.find((b) => b.box_id === input.boxId);
    if (!box) throw appError('invalid_input', 'errors.evidence.noBox', { order: input.orderId });
    const checksum = await this.files.keep(bytes, input.contentType);
    const entry = await this.deps.journal.record({
      what: {
        kind: 'photo.taken',
        record: { kind: 'receiving', id: String(input.orderId), reference: null },
        details: { boxId: box.box_id, boxNumber: box.box_number ?? null, checksum, contentType: input.contentType, bytes: bytes.length },
      },
      answer: null,
    });
    if (!entry) throw appError('internal', 'errors.evidence.notRecorded');
    return this.view(entry, null);
  }

  async list(input: PhotosOfInput): Promise<PhotoView[]> {
    if ('orderId' in input) return this.ofOrder(input.orderId).map((entry) => this.view(entry, null));
    return (await this.matching(input)).map(({ entry, reference }) => this.view(entry, reference));
  }

  /** The journal's entries of a receiving order's box photos, oldest first. */
  ofOrder(orderId: number): JournalEntry[] {
    const environment = this.deps.environmentId();
    return this.deps.journal
      .range(...ALL_TIME)
      .filter(
        (e) => e.environment === environment && e.what.kind === 'photo.taken' && e.what.record?.kind === 'receiving' && e.what.record.id === String(orderId),
      );
  }

  /** The journal's entries of a return's photos (for its timeline: they were recorded under the intake's reference). */
  async entries(reference: string): Promise<JournalEntry[]> {
    return (await this.matching({ reference })).map(({ entry }) => entry);
  }

  /** The `photo.taken` entries of an intake, or of the return its intake became, with the reference each belongs to now. */
  private async matching(input: Exclude<PhotosOfInput, { orderId: number }>): Promise<Array<{ entry: JournalEntry; reference: string | null }>> {
    const environment = this.deps.environmentId();
    const entries = this.deps.journal.range(...ALL_TIME).filter((e) => e.environment === environment);
    const sentAs = new Map<string, string | null>();
    for (const e of entries)
      if ((e.what.kind === 'return.created' || e.what.kind === 'return.changed') && typeof e.what.details.draftId === 'string')
        sentAs.set(e.what.details.draftId, e.what.record?.reference ?? null);
    const live = new Map<string, string | null>();
    const referenceOf = async (e: JournalEntry): Promise<string | null> => {
      const draftId = typeof e.what.details.draftId === 'string' ? e.what.details.draftId : '';
      if (sentAs.has(draftId)) return sentAs.get(draftId)!;
      if (!live.has(draftId)) {
        const record = await this.deps.drafts().get(draftId);
        const draft = record?.kind === 'return-intake' ? ReturnDraft.safeParse(record.value) : null;
        live.set(draftId, draft?.success ? draft.data.referenceId || null : (e.what.record?.reference ?? null));
      }
      return live.get(draftId)!;
    };
    const found: Array<{ entry: JournalEntry; reference: string | null }> = [];
    for (const entry of entries) {
      if (entry.what.kind !== 'photo.taken' || entry.what.record?.kind !== 'return') continue;
      if ('draftId' in input && entry.what.details.draftId !== input.draftId) continue;
      const reference = await referenceOf(entry);
      if ('reference' in input && reference !== input.reference) continue;
      found.push({ entry, reference });
    }
    return found;
  }

  async image(checksum: string): Promise<{ bytes: Buffer; contentType: PhotoType }> {
    const environment = this.deps.environmentId();
    const entry = this.deps.journal
      .range(...ALL_TIME)
      .find((e) => e.what.kind === 'photo.taken' && e.environment === environment && e.what.details.checksum === checksum);
    if (!entry) throw appError('not_found', 'errors.evidence.photoMissing', { checksum: checksum.slice(0, 12) });
    const contentType = PhotoType.parse(entry.what.details.contentType);
    return { bytes: await this.files.read(checksum, contentType), contentType };
  }

  private view(e: JournalEntry, reference: string | null): PhotoView {
    const d = e.what.details;
    return PhotoView.parse({
      checksum: d.checksum,
      contentType: d.contentType,
      bytes: d.bytes,
      takenAt: e.at,
      desk: e.desk,
      clerk: e.clerk,
      inventoryId: d.inventoryId ?? null,
      sku: d.sku ?? null,
      itemName: d.itemName ?? null,
      reference,
      box: e.what.record?.kind === 'receiving' ? { orderId: Number(e.what.record.id), boxId: d.boxId, boxNumber: d.boxNumber ?? null } : null,
    });
  }
}
