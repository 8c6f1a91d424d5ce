import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LabelPrinterCondition, LabelPrinterJob } from '../../emulator/label-printer.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';

/** The emulator's label printer as a desk (or any ZPL sender) meets it: raw TCP, ~HS, and the control API. */
let emu: RunningEmulator;
let port: number;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: { enabled: false }, labelPrinterPort: 0 });
  port = emu.labelPrinter!.port;
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.control.call('DELETE', '/label-printer/jobs');
  await emu.control.call('PUT', '/label-printer', { paperOut: false, ribbonOut: false, headOpen: false, paused: false, unreachable: false });
});

/** Sends bytes on one connection, then half-closes and collects everything answered until the printer closes (or `waitMs` passes). */
function exchange(payload: string, waitMs = 2000): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false });
    }, waitMs);
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closed: true });
    });
    socket.end(payload);
  });
}

/** The host status strings, each split into its fields, with the framing checked. */
function hostStatus(answer: string): string[][] {
  const lines = answer.split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(3);
  for (const line of lines) {
    expect(line.startsWith('\x02')).toBe(true);
    expect(line.endsWith('\x03')).toBe(true);
  }
  return lines.map((l) => l.slice(1, -1).split(','));
}

const jobs = async () => (await emu.control.call<{ items: LabelPrinterJob[] }>('GET', '/label-printer/jobs')).items;
const setCondition = (c: Partial<LabelPrinterCondition>) => emu.control.call('PUT', '/label-printer', c);
const LABEL = '^XA^CI28^PW812^LL1218^LH0,0^FO50,50^A0N,40,40^FDCaf\u00e9 SKU-1^FS^PQ1^XZ';

describe('the emulated label printer', () => {
  it('answers ~HS with the three framed host status strings of a ready printer', async () => {
    const [one, two, three] = hostStatus((await exchange('~HS')).answer);
    expect(one).toHaveLength(12);
    expect(two).toHaveLength(11);
    expect(three).toHaveLength(2);
    // String 1: paper out (b) and pause (c) clear; string 2: head up (o) and ribbon out (p) clear.
    expect([one![1], one![2], two![2], two![3]]).toEqual(['0', '0', '0', '0']);
  });

  it('keeps each job with its ZPL text, bytes and time, and the status read after it sees it', async () => {
    const before = Date.now();
    const first = await exchange(`~HS${LABEL}~HS`);
    expect(first.answer.split('\r\n').filter(Boolean)).toHaveLength(6);
    await exchange(LABEL.replace('SKU-1', 'SKU-2'));
    await expect.poll(async () => (await jobs()).length).toBe(2);
    const [a, b] = await jobs();
    expect(a!.zpl).toBe(LABEL);
    expect(a!.bytes).toBe(Buffer.byteLength(LABEL, 'utf8'));
    expect(a!.bytes).toBe(LABEL.length + 1); // é is two bytes in UTF-8 (^CI28)
    expect(Date.parse(a!.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(b!.zpl).toContain('SKU-2');
    expect([a!.state, b!.state]).toEqual(['printed', 'printed']);
    // A status request alone is not a job.
    await exchange('~HS');
    expect(await jobs()).toHaveLength(2);
  });

  it('finds a ~HS split across reads, a job’s UTF-8 across them too, and keeps the newest jobs within its bound', async () => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setNoDelay(true);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (answer += d));
    await new Promise((resolve) => socket.once('connect', resolve));
    const bytes = Buffer.from(`${LABEL}~HS`, 'utf8');
    const cafe = bytes.indexOf('\u00e9');
    // Cut inside the two bytes of é and between ~ and HS, each part sent on its own.
    for (const part of [
      bytes.subarray(0, cafe + 1),
      bytes.subarray(cafe + 1, bytes.length - 2),
      bytes.subarray(bytes.length - 2, bytes.length - 1),
      bytes.subarray(-1),
    ]) {
      // Each part on the wire and a turn of the printer's loop before the next, so it reads them apart.
      await new Promise((written) => socket.write(part, written));
      await new Promise((turn) => setImmediate(turn));
    }
    await expect.poll(() => answer.split('\r\n').filter(Boolean).length).toBe(3);
    socket.destroy();
    expect((await jobs()).map((j) => j.zpl)).toEqual([LABEL]);

    const { limits } = (await emu.control.call<{ kept: { limits: { keptJobs: number } } }>('GET', '/label-printer')).kept;
    await exchange(Array.from({ length: limits.keptJobs + 5 }, (_, i) => `${LABEL.replace('SKU-1', `SKU-N${i}`)}~HS`).join(''));
    const kept = await jobs();
    expect(kept).toHaveLength(limits.keptJobs);
    expect(kept.at(-1)!.zpl).toContain(`SKU-N${limits.keptJobs + 4}`);
    expect(kept[0]!.zpl).toContain('SKU-N5');
  });

  it('reports paper out, pause, head open and ribbon out in their own fields', async () => {
    const flags = async () => {
      const [one, two] = hostStatus((await exchange('~HS')).answer);
      return { paperOut: one![1], paused: one![2], headOpen: two![2], ribbonOut: two![3] };
    };
    await setCondition({ paperOut: true });
    expect(await flags()).toEqual({ paperOut: '1', paused: '0', headOpen: '0', ribbonOut: '0' });
    await setCondition({ paperOut: false, paused: true });
    expect(await flags()).toEqual({ paperOut: '0', paused: '1', headOpen: '0', ribbonOut: '0' });
    await setCondition({ paused: false, headOpen: true });
    expect(await flags()).toEqual({ paperOut: '0', paused: '0', headOpen: '1', ribbonOut: '0' });
    await setCondition({ headOpen: false, ribbonOut: true });
    expect(await flags()).toEqual({ paperOut: '0', paused: '0', headOpen: '0', ribbonOut: '1' });
  });

  it('holds a job received while out of paper, counts it in the buffer, and prints it once paper is back', async () => {
    await setCondition({ paperOut: true });
    const [one] = hostStatus((await exchange(`${LABEL}~HS`)).answer);
    expect(one![4]).toBe('001'); // eee: formats in the receive buffer
    expect((await jobs()).map((j) => j.state)).toEqual(['held']);
    await setCondition({ paperOut: false });
    expect((await jobs()).map((j) => j.state)).toEqual(['printed']);
  });

  it('when unreachable, takes the connection and never answers, and keeps nothing', async () => {
    await setCondition({ unreachable: true });
    const started = Date.now();
    const result = await exchange(`~HS${LABEL}`, 400);
    expect(result).toEqual({ answer: '', closed: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(await jobs()).toEqual([]);
  });

  it('refuses a condition it does not know, and says how to get a printer when none runs', async () => {
    await expect(setCondition({ jammed: true } as never)).rejects.toMatchObject({ status: 400 });
    const plain = await startEmulator({ rateLimit: { enabled: false } });
    try {
      await expect(plain.control.call('GET', '/label-printer/jobs')).rejects.toMatchObject({
        status: 404,
        body: expect.stringContaining('--label-printer-port'),
      });
    } finally {
      await plain.close();
    }
  });
});

describe('npm run emulator -- --label-printer-port', () => {
  it('starts the printer and says where it takes ZPL', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--sandbox-port', '0', '--label-printer-port', '0', '--inventory-items', '5'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      let out = '';
      const address = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const match = /Label printer: (127\.0\.0\.1:\d+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${out}`)));
      });
      const [host, p] = address.split(':');
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect({ host: host!, port: Number(p) });
        let text = '';
        socket.on('data', (d) => {
          text += d.toString('latin1');
          if (text.split('\r\n').length > 3) socket.end();
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        socket.write('~HS');
      });
      expect(answer.startsWith('\x02')).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
