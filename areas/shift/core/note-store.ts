import { join } from 'node:path';
import { z } from 'zod';
import { DurableFile, jsonCodec } from '../../../electron/core/data/durable-file.js';
import { HandoverNote } from '../common/ipc.js';

const StoredNote = z.object({ note: HandoverNote, savedAt: z.string() }).strict();
type StoredNote = z.infer<typeof StoredNote>;

/**
 * The handover note as the clerk types it, one per environment, kept on disk as drafts are (an
 * atomic write with the previous generation beside it), so a closed window or a crash loses none of
 * it. A report that carries it lets it go.
 */
export class NoteStore {
  private readonly files = new Map<string, DurableFile<StoredNote>>();

  constructor(
    private readonly dataDir: string,
    private readonly log: (line: string) => void,
  ) {}

  private file(environment: string): DurableFile<StoredNote> {
    let file = this.files.get(environment);
    if (!file) {
      // The environment's id is the desk's own (a short slug), safe as a folder name.
      const path = join(this.dataDir, 'shift', encodeURIComponent(environment), 'handover-note.ddf');
      file = new DurableFile({ path, kind: 'dockdesk-handover-note', version: 1, codec: jsonCodec((v) => StoredNote.parse(v)) });
      this.files.set(environment, file);
    }
    return file;
  }

  async read(environment: string): Promise<{ note: string; savedAt: string | null }> {
    const read = await this.file(environment).read();
    for (const problem of read.problems) this.log(`shift: the handover note's file was set aside (${problem.kind}): ${problem.message}`);
    return read.value ?? { note: '', savedAt: null };
  }

  async save(environment: string, note: string, at: Date): Promise<{ savedAt: string }> {
    const savedAt = at.toISOString();
    await this.file(environment).write({ note, savedAt });
    return { savedAt };
  }
}
