import { mkdtemp, readFile, readdir, rm, stat, truncate, writeFile, chmod, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DurableFile, jsonCodec } from '../../electron/core/data/durable-file.js';

const Draft = z.object({ id: z.string(), lines: z.array(z.number()) });
type Draft = z.infer<typeof Draft>;
const codec = jsonCodec((v) => Draft.parse(v));
const HEADER = 64;

let dir: string;
let path: string;
const open = (version = 2, kind = 'draft') => new DurableFile<Draft>({ path, kind, version, codec });
const value = (id: string): Draft => ({ id, lines: [1, 2, 3] });

/** Flips one bit of the file at `at` (negative: from the end). */
async function flip(file: string, at: number): Promise<void> {
  const bytes = await readFile(file);
  const i = at < 0 ? bytes.length + at : at;
  bytes[i] = bytes[i]! ^ 0x01;
  await writeFile(file, bytes);
}

beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'dockdesk-durable-')), 'data', 'drafts');
  path = join(dir, 'drafts.bin');
});
afterEach(async () => {
  await rm(join(dir, '..', '..'), { recursive: true, force: true });
});

describe('DurableFile', () => {
  it('reads back what it wrote, with the time it was written', async () => {
    const before = Date.now();
    await open().write(value('a'));
    const r = await open().read();
    expect(r).toMatchObject({ value: value('a'), from: 'current', problems: [] });
    expect(r.writtenAt!.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('a missing file reads as empty with no problem (first run)', async () => {
    expect(await open().read()).toEqual({ value: null, from: 'none', writtenAt: null, problems: [] });
  });

  it('keeps the previous generation as .prev', async () => {
    const f = open();
    await f.write(value('one'));
    await f.write(value('two'));
    expect((await open().read()).value).toEqual(value('two'));
    await rm(path);
    expect(await open().read()).toMatchObject({ value: value('one'), from: 'previous', problems: [] });
  });

  it.skipIf(process.platform === 'win32')(
    'creates the file 0600 in a 0700 folder, and narrows a wider existing folder (POSIX only: on Windows the profile folder ACL applies)',
    async () => {
      await mkdir(dir, { recursive: true, mode: 0o755 });
      await chmod(dir, 0o755);
      await open().write(value('a'));
      await open().write(value('b'));
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect((await stat(`${path}.prev`)).mode & 0o777).toBe(0o600);
    },
  );

  it('leaves no temp file behind, and sweeps temp files a crashed write left', async () => {
    await open().write(value('a'));
    await writeFile(`${path}.tmp-999999-abcdef`, 'half a write');
    await open().read();
    expect((await readdir(dir)).sort()).toEqual(['drafts.bin']);
  });

  describe('a bad current file: reported once, moved aside, previous generation used', () => {
    beforeEach(async () => {
      const f = open();
      await f.write(value('old'));
      await f.write(value('new'));
    });

    const cases: [string, () => Promise<void>, string][] = [
      ['a flipped byte in the payload', () => flip(path, -3), 'corrupt'],
      ['a flipped byte in the header (format version)', () => flip(path, 12), 'corrupt'],
      ['a damaged magic number', () => flip(path, 1), 'corrupt'],
      ['a flipped byte in the stored checksum', () => flip(path, 40), 'corrupt'],
      ['a file cut off in its payload', async () => truncate(path, (await stat(path)).size - 5), 'truncated'],
      ['a file cut off in its header', () => truncate(path, 20), 'truncated'],
      ['an empty file', () => truncate(path, 0), 'truncated'],
      ['bytes appended after the payload', async () => writeFile(path, Buffer.concat([await readFile(path), Buffer.from('xx')])), 'corrupt'],
      ['a file that is not ours', () => writeFile(path, '{"id":"a","lines":[]}'), 'corrupt'],
    ];
    for (const [what, damage, kind] of cases) {
      it(what, async () => {
        await damage();
        const first = await open().read();
        expect(first.value).toEqual(value('old'));
        expect(first.from).toBe('previous');
        expect(first.problems).toEqual([{ generation: 'current', kind, message: expect.stringContaining('drafts.bin'), movedTo: `${path}.rejected` }]);
        // Reported once: the next start reads the previous generation without a new report.
        const second = await open().read();
        expect(second).toMatchObject({ value: value('old'), from: 'previous', problems: [] });
      });
    }
  });

  it('both generations bad: empty, resync needed, both reported, never a throw', async () => {
    const f = open();
    await f.write(value('old'));
    await f.write(value('new'));
    await flip(path, -1);
    await truncate(`${path}.prev`, HEADER + 3);
    const r = await open().read();
    expect(r.value).toBeNull();
    expect(r.from).toBe('none');
    expect(r.problems.map((p) => [p.generation, p.kind])).toEqual([
      ['current', 'corrupt'],
      ['previous', 'truncated'],
    ]);
    expect(await open().read()).toEqual({ value: null, from: 'none', writtenAt: null, problems: [] });
  });

  it('an older payload format is reported as old-format, or migrated when the caller can', async () => {
    await new DurableFile<Draft>({ path, kind: 'draft', version: 1, codec }).write(value('v1'));
    const r = await open(2).read();
    expect(r.value).toBeNull();
    expect(r.problems).toEqual([
      { generation: 'current', kind: 'old-format', message: expect.stringMatching(/older format \(1; this version reads 2\)/), movedTo: `${path}.rejected` },
    ]);

    await new DurableFile<Draft>({ path, kind: 'draft', version: 1, codec }).write(value('v1'));
    const migrating = new DurableFile<Draft>({
      path,
      kind: 'draft',
      version: 2,
      codec,
      migrate: (from, payload) => (from === 1 ? { ...codec.decode(payload), id: 'migrated' } : null),
    });
    expect(await migrating.read()).toMatchObject({ value: { id: 'migrated', lines: [1, 2, 3] }, from: 'current', problems: [] });
  });

  it('a file from a newer app is reported as newer-format', async () => {
    await open(3).write(value('future'));
    const r = await open(2).read();
    expect(r.value).toBeNull();
    expect(r.problems[0]).toMatchObject({ kind: 'newer-format', generation: 'current' });
  });

  it('another kind of file is refused', async () => {
    await open(2, 'outbox').write(value('x'));
    expect((await open(2, 'draft').read()).problems[0]).toMatchObject({ kind: 'wrong-kind', message: expect.stringContaining('"outbox"') });
  });

  it('an intact file the codec refuses is reported as invalid, without quoting the payload', async () => {
    const loose = new DurableFile<unknown>({ path, kind: 'draft', version: 2, codec: jsonCodec((v) => v) });
    await loose.write({ id: 42, secretish: 'do-not-log-me' });
    const r = await open().read();
    expect(r.problems[0]).toMatchObject({ kind: 'invalid' });
    expect(r.problems[0]!.message).not.toContain('do-not-log-me');
  });

  it('a write over a bad current file keeps the good .prev instead of rotating the bad one into it', async () => {
    const f = open();
    await f.write(value('good'));
    await f.write(value('current'));
    await flip(path, -2);
    const w = await open().write(value('newest'));
    expect(w.problems).toMatchObject([{ generation: 'current', kind: 'corrupt' }]);
    expect((await open().read()).value).toEqual(value('newest'));
    await rm(path);
    expect((await open().read()).value).toEqual(value('good'));
  });

  it('writes from one instance land in call order', async () => {
    const f = open();
    await Promise.all(['a', 'b', 'c', 'd'].map((id) => f.write(value(id))));
    expect((await f.read()).value).toEqual(value('d'));
    await rm(path);
    expect((await f.read()).value).toEqual(value('c'));
  });

  it('refuses a bad kind or version when constructed (a programming error, not a disk problem)', () => {
    expect(() => new DurableFile({ path, kind: '', version: 1, codec })).toThrow(/kind/);
    expect(() => new DurableFile({ path, kind: 'x', version: 0, codec })).toThrow(/version/);
  });
});
