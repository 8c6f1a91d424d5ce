import { createServer, type Server, type Socket } from 'node:net';

/**
 * A Zebra-class label printer on loopback, for the desk and its tests: it takes raw ZPL over TCP (as
 * a printer's port 9100 does), keeps the last jobs it receives (within LABEL_PRINTER_LIMITS), answers `~HS` with the three STX/ETX
 * framed host status strings of the ZPL manual, and can be told to be out of paper, head open,
 * paused, out of ribbon or unreachable. Like a real printer it holds formats it receives while it
 * cannot print and prints them once it can again, so a desk that resends blindly prints twice.
 */
export interface LabelPrinterJob {
  id: number;
  /** When the last byte of the job arrived (wall-clock time: printers know no virtual clock). */
  receivedAt: string;
  bytes: number;
  zpl: string;
  /** printed, or held in the printer's buffer until it can print (paper loaded, head closed, resumed). */
  state: 'printed' | 'held';
}

export interface LabelPrinterCondition {
  paperOut: boolean;
  ribbonOut: boolean;
  headOpen: boolean;
  paused: boolean;
  /** Connections are accepted and never answered, as a printer that is off the network behind a switch. */
  unreachable: boolean;
}

const READY: LabelPrinterCondition = { paperOut: false, ribbonOut: false, headOpen: false, paused: false, unreachable: false };
const STX = '\x02';
const ETX = '\x03';
/** The host status request; tilde commands act the moment they arrive, between or inside formats. */
const HOST_STATUS = '~HS';
/** A 4x6 label at 203 dpi, until a job says otherwise with ^LL. */
const DEFAULT_LABEL_DOTS = 1218;

/**
 * What the printer takes from any local process, bounded (docs/emulator.md, "Label printer"): a job
 * (the ZPL between two `~HS`, or before the connection ends) of at most 8 MiB, about 1,500 box labels
 * at 203 dpi; a connection that sends more is closed and its job dropped. It keeps the last 100 jobs
 * and at most 16 MiB of them, the oldest going first, and takes 4 connections at a time.
 */
export const LABEL_PRINTER_LIMITS = { jobBytes: 8 * 1024 * 1024, keptJobs: 100, keptBytes: 16 * 1024 * 1024, connections: 4 } as const;

export class EmulatedLabelPrinter {
  readonly host: string;
  readonly port: number;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly received = new KeptJobs();
  private state: LabelPrinterCondition = { ...READY };
  private nextId = 1;
  private labelDots = DEFAULT_LABEL_DOTS;

  private constructor(server: Server, host: string, port: number) {
    this.server = server;
    this.host = host;
    this.port = port;
  }

  /** Listens on host:port (port 0 picks a free one). */
  static async start(options: { host?: string; port?: number } = {}): Promise<EmulatedLabelPrinter> {
    const server = createServer();
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('label printer: no TCP address after listen');
    const printer = new EmulatedLabelPrinter(server, host, address.port);
    server.on('connection', (socket) => printer.accept(socket));
    return printer;
  }

  jobs(): LabelPrinterJob[] {
    return this.received.list();
  }

  clearJobs(): void {
    this.received.clear();
  }

  /** How many jobs it keeps and their bytes, against its limits. */
  kept(): { jobs: number; bytes: number; limits: typeof LABEL_PRINTER_LIMITS } {
    return { ...this.received.size(), limits: LABEL_PRINTER_LIMITS };
  }

  condition(): LabelPrinterCondition {
    return { ...this.state };
  }

  /** Changes what is wrong; once nothing stops printing, the held formats print, as on a real printer. */
  setCondition(change: Partial<LabelPrinterCondition>): LabelPrinterCondition {
    this.state = { ...this.state, ...change };
    if (this.canPrint()) this.received.printHeld();
    return this.condition();
  }

  /** The three host status strings a Zebra printer sends for `~HS`. */
  hostStatus(): string {
    const s = this.state;
    const held = this.received.held();
    const flag = (on: boolean) => (on ? '1' : '0');
    // String 1: aaa interface, b paper out, c pause, dddd label length, eee formats in buffer, f buffer
    // full, g diagnostic mode, h partial format, iii unused, j corrupt RAM, k under temperature, l over.
    const one = [
      '030',
      flag(s.paperOut),
      flag(s.paused),
      String(this.labelDots).padStart(4, '0'),
      String(held).padStart(3, '0'),
      '0',
      '0',
      '0',
      '000',
      '0',
      '0',
      '0',
    ];
    // String 2: mmm function settings, n unused, o head up, p ribbon out, q thermal transfer, r print
    // mode, s print width mode, t label waiting, uuuuuuuu labels remaining, v format while printing, www graphics.
    const two = ['001', '0', flag(s.headOpen), flag(s.ribbonOut), '1', '0', '0', '0', '00000000', '1', '000'];
    // String 3: xxxx password, y static RAM installed.
    const three = ['1234', '0'];
    return [one, two, three].map((fields) => `${STX}${fields.join(',')}${ETX}\r\n`).join('');
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private canPrint(): boolean {
    const s = this.state;
    return !s.paperOut && !s.ribbonOut && !s.headOpen && !s.paused;
  }

  private accept(socket: Socket): void {
    if (this.sockets.size >= LABEL_PRINTER_LIMITS.connections) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (this.state.unreachable) {
      // Say nothing and read nothing: the sender's own timeout is what it will meet.
      socket.pause();
      return;
    }
    const reader = new JobReader();
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      const fits = reader.feed(chunk, {
        job: (zpl) => this.store(zpl),
        status: () => socket.write(this.hostStatus()),
      });
      // More than a label job can be: not a print job. The printer drops it and hangs up.
      if (!fits) socket.destroy();
    });
    socket.on('end', () => {
      this.store(reader.rest());
      socket.end();
    });
  }

  /** Keeps what came before a status request or the end of the connection as one job, if it holds a format. */
  private store(zpl: Buffer): void {
    if (!zpl.includes('^XA')) return;
    const length = labelLength(zpl);
    if (length !== null) this.labelDots = length;
    this.received.keep(zpl, { id: this.nextId++, receivedAt: new Date().toISOString(), state: this.canPrint() ? 'printed' : 'held' });
  }
}

type KeptJob = Omit<LabelPrinterJob, 'zpl'> & { at: number };

/**
 * The jobs kept, their bytes one after another in one buffer of `keptBytes`, taken as it fills and
 * given back when the jobs are forgotten: a new job takes the place of the oldest, so keeping jobs
 * makes no garbage however many come (a buffer per job would be old garbage, given back only by a
 * full collection).
 */
class KeptJobs {
  private jobs: KeptJob[] = [];
  private bytes: Buffer | null = null;
  /** Where the next job's bytes go. */
  private head = 0;

  keep(zpl: Buffer, job: Omit<KeptJob, 'at' | 'bytes'>): void {
    const { keptBytes, keptJobs } = LABEL_PRINTER_LIMITS;
    this.bytes ??= Buffer.allocUnsafe(keptBytes);
    if (this.head + zpl.length > keptBytes) this.head = 0;
    const start = this.head;
    const end = start + zpl.length;
    // The oldest go first, until none is left where this one goes and the count has room.
    while (this.jobs.length >= keptJobs || this.jobs.some((j) => j.at < end && j.at + j.bytes > start)) this.jobs.shift();
    zpl.copy(this.bytes, start);
    this.head = end;
    this.jobs.push({ ...job, at: start, bytes: zpl.length });
  }

  list(): LabelPrinterJob[] {
    const bytes = this.bytes;
    return this.jobs.map(({ at, ...job }) => ({ ...job, zpl: bytes ? bytes.toString('utf8', at, at + job.bytes) : '' }));
  }

  size(): { jobs: number; bytes: number } {
    return { jobs: this.jobs.length, bytes: this.jobs.reduce((sum, j) => sum + j.bytes, 0) };
  }

  held(): number {
    return this.jobs.filter((j) => j.state === 'held').length;
  }

  printHeld(): void {
    for (const job of this.jobs) job.state = 'printed';
  }

  clear(): void {
    this.jobs = [];
    this.bytes = null;
    this.head = 0;
  }
}

/** The label length a job sets with its first `^LL<dots>`, read from its bytes. */
function labelLength(zpl: Buffer): number | null {
  const at = zpl.indexOf('^LL');
  if (at < 0) return null;
  let end = at + 3;
  while (end < zpl.length && end < at + 9 && zpl[end]! >= 0x30 && zpl[end]! <= 0x39) end++;
  return end > at + 3 ? Number(zpl.toString('latin1', at + 3, end)) : null;
}

/**
 * One connection's bytes cut into jobs at each `~HS`. Each chunk (read as latin1: one character a
 * byte) is searched once, with the one or two characters of a `~HS` the previous chunk may have ended
 * on, so a long job costs its length, never its length for every chunk. Its bytes are copied at once
 * into the job's buffer, so no chunk outlives its read (what the reads leave is young garbage, taken
 * back by the next minor collection), and a job is kept as bytes, read as text only when asked for.
 */
class JobReader {
  private job = Buffer.alloc(0);
  private length = 0;
  /** The end of the last chunk that may begin a `~HS` ("~" or "~H"), held until the next chunk says. */
  private carry = '';

  /** Takes a chunk; false once the job is larger than a label job can be (nothing more should be fed). */
  feed(chunk: string, on: { job: (zpl: Buffer) => void; status: () => void }): boolean {
    const text = this.carry + chunk;
    this.carry = '';
    let from = 0;
    for (let at = text.indexOf(HOST_STATUS); at >= 0; at = text.indexOf(HOST_STATUS, from)) {
      if (!this.add(text.slice(from, at))) return false;
      on.job(this.rest());
      on.status();
      from = at + HOST_STATUS.length;
    }
    const held = text.endsWith('~H') && text.length - from >= 2 ? 2 : text.endsWith('~') && text.length > from ? 1 : 0;
    this.carry = text.slice(text.length - held);
    return this.add(text.slice(from, text.length - held));
  }

  /** The job read so far, and a fresh start. */
  rest(): Buffer {
    this.add(this.carry);
    this.carry = '';
    // A view of the job's buffer, valid until the next byte is read: it is copied where it is kept.
    const zpl = this.job.subarray(0, this.length);
    this.length = 0;
    // A buffer grown for a large job is not held while the connection stays open.
    if (this.job.length > 1024 * 1024) this.job = Buffer.alloc(0);
    return zpl;
  }

  /** Appends text to the job; false, dropping the job, when it would pass a label job's size. */
  private add(text: string): boolean {
    if (text.length === 0) return true;
    const length = this.length + text.length;
    if (length > LABEL_PRINTER_LIMITS.jobBytes) {
      this.job = Buffer.alloc(0);
      this.length = 0;
      return false;
    }
    if (length > this.job.length) {
      const grown = Buffer.allocUnsafe(Math.min(LABEL_PRINTER_LIMITS.jobBytes, Math.max(64 * 1024, length, this.job.length * 2)));
      this.job.copy(grown, 0, 0, this.length);
      this.job = grown;
    }
    this.length += this.job.write(text, this.length, 'latin1');
    return true;
  }
}
