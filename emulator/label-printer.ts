import { createServer, type Server, type Socket } from 'node:net';

/**
 * A Zebra-class label printer on loopback, for the desk and its tests: it takes raw ZPL over TCP (as
 * a printer's port 9100 does), keeps every job it receives, answers `~HS` with the three STX/ETX
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

export class EmulatedLabelPrinter {
  readonly host: string;
  readonly port: number;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly received: LabelPrinterJob[] = [];
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
    return this.received.map((j) => ({ ...j }));
  }

  clearJobs(): void {
    this.received.length = 0;
  }

  condition(): LabelPrinterCondition {
    return { ...this.state };
  }

  /** Changes what is wrong; once nothing stops printing, the held formats print, as on a real printer. */
  setCondition(change: Partial<LabelPrinterCondition>): LabelPrinterCondition {
    this.state = { ...this.state, ...change };
    if (this.canPrint()) for (const job of this.received) job.state = 'printed';
    return this.condition();
  }

  /** The three host status strings a Zebra printer sends for `~HS`. */
  hostStatus(): string {
    const s = this.state;
    const held = this.received.filter((j) => j.state === 'held').length;
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
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (this.state.unreachable) {
      // Say nothing and read nothing: the sender's own timeout is what it will meet.
      socket.pause();
      return;
    }
    let pending = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      pending += chunk;
      let at = pending.indexOf(HOST_STATUS);
      while (at >= 0) {
        this.store(pending.slice(0, at));
        pending = pending.slice(at + HOST_STATUS.length);
        socket.write(this.hostStatus());
        at = pending.indexOf(HOST_STATUS);
      }
    });
    socket.on('end', () => {
      this.store(pending);
      pending = '';
      socket.end();
    });
  }

  /** Keeps what came before a status request or the end of the connection as one job, if it holds a format. */
  private store(zpl: string): void {
    if (!zpl.includes('^XA')) return;
    const length = /\^LL(\d+)/.exec(zpl);
    if (length) this.labelDots = Number(length[1]);
    this.received.push({
      id: this.nextId++,
      receivedAt: new Date().toISOString(),
      bytes: Buffer.byteLength(zpl, 'utf8'),
      zpl,
      state: this.canPrint() ? 'printed' : 'held',
    });
  }
}
