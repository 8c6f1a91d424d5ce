import type pg from 'pg';
import type { PresenceRecordKind } from '../common/store.js';
import type { PresenceAnswer } from '../common/ipc.js';
import { announce, desksAt, forgetDesk, leave, listenPresence, PRESENCE_HEARTBEAT_MS, registerDesk, type DeskIdentity } from './presence.js';
import { ListenerSlot } from './listen.js';
import type { SharingScope } from './shared-store.js';

export interface DeskPresenceDeps {
  /** The store's pool while it answers, else null. */
  pool: () => pg.Pool | null;
  sharing: () => SharingScope | null;
  deskId: string;
  deskName: () => string;
  /** Who is signed in at this desk, as the service names them. */
  signedInAs: () => string | null;
  /** A record's other desks changed (the renderer shows "open at <desk>"). */
  changed: (answer: PresenceAnswer) => void;
  /** A store call failed: the store is away. */
  lost: (error: unknown) => void;
  log: (line: string) => void;
  heartbeatMs?: number;
}

type RecordRef = { kind: PresenceRecordKind; id: string };
const keyOf = (r: RecordRef) => `${r.kind}:${r.id}`;

/**
 * This desk's presence: which records it has open (told to the other desks through the store), and
 * which of the records open here other desks have open too. Kept in memory; what is open is said
 * again whenever the store comes back, and a heartbeat keeps the desk counted as here.
 */
export class DeskPresence {
  private readonly open = new Map<string, RecordRef>();
  private readonly listener: ListenerSlot;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private joined: Promise<void> | null = null;
  /** Raised by every (dis)connect: a listener that opens after a newer one began is closed at once. */
  private generation = 0;

  constructor(private readonly deps: DeskPresenceDeps) {
    this.listener = new ListenerSlot('presence', deps.lost);
  }

  /** The record is open here: others are told, and the answer names the desks that have it open too. */
  async enter(record: RecordRef): Promise<PresenceAnswer> {
    this.open.set(keyOf(record), record);
    const desk = this.identity();
    const pool = this.deps.pool();
    if (!desk || !pool) return { ...record, desks: [] };
    try {
      await this.join();
      await announce(pool, desk, record);
      return await this.others(pool, desk, record);
    } catch (error) {
      this.deps.lost(error);
      return { ...record, desks: [] };
    }
  }

  async exit(record: RecordRef): Promise<void> {
    this.open.delete(keyOf(record));
    const desk = this.identity();
    const pool = this.deps.pool();
    if (!desk || !pool) return;
    await leave(pool, desk, record).catch((error: unknown) => this.deps.lost(error));
  }

  /** The store answers (again): this desk says who it is and what it has open, and listens to the others. */
  connected(): Promise<void> {
    this.generation += 1;
    this.joined = null;
    return this.join().catch((error: unknown) => this.deps.lost(error));
  }

  /** This desk stops sharing: the others stop showing its records open (it keeps them, to say again if it shares again). */
  async leaveAll(): Promise<void> {
    const desk = this.identity();
    const pool = this.deps.pool();
    if (!desk || !pool) return;
    for (const record of this.open.values())
      await leave(pool, desk, record).catch((error: unknown) => this.deps.log(`presence: could not leave: ${String(error)}`));
  }

  /** The store is away: nothing is heard until it is back. */
  disconnected(): void {
    this.generation += 1;
    this.joined = null;
    void this.stopListening();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.generation += 1;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const desk = this.identity();
    const pool = this.deps.pool();
    if (desk && pool) for (const record of this.open.values()) await leave(pool, desk, record).catch(() => undefined);
    await this.stopListening();
  }

  private identity(): DeskIdentity | null {
    const scope = this.deps.sharing();
    if (!scope) return null;
    return {
      deskId: this.deps.deskId,
      deskName: this.deps.deskName(),
      account: scope.account,
      environment: scope.environment,
      signedInAs: this.deps.signedInAs(),
    };
  }

  /** Once per connection: registered, what a killed run left forgotten, what is open now announced, the others heard. */
  private join(): Promise<void> {
    this.joined ??= (async () => {
      const desk = this.identity();
      const pool = this.deps.pool();
      if (!desk || !pool || this.closed) return;
      await registerDesk(pool, desk);
      await forgetDesk(pool, desk.deskId);
      for (const record of this.open.values()) await announce(pool, desk, record);
      await this.listen(pool);
      this.heartbeat();
    })().catch((error: unknown) => {
      this.joined = null;
      throw error;
    });
    return this.joined;
  }

  private async listen(pool: pg.Pool): Promise<void> {
    const generation = this.generation;
    await this.stopListening();
    const listener = await listenPresence(pool, (change) => {
      const desk = this.identity();
      if (!desk || change.account !== desk.account || change.environment !== desk.environment || change.deskId === desk.deskId) return;
      const record = this.open.get(keyOf({ kind: change.recordKind, id: change.recordId }));
      if (!record) return;
      void this.others(pool, desk, record)
        .then((answer) => this.deps.changed(answer))
        .catch((error: unknown) => this.deps.lost(error));
    });
    await this.listener.keep(listener, generation !== this.generation);
  }

  private stopListening(): Promise<void> {
    return this.listener.stop();
  }

  private heartbeat(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => {
      const desk = this.identity();
      const pool = this.deps.pool();
      if (!desk || !pool) return;
      registerDesk(pool, desk).catch((error: unknown) => this.deps.lost(error));
    }, this.deps.heartbeatMs ?? PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  private async others(pool: pg.Pool, desk: DeskIdentity, record: RecordRef): Promise<PresenceAnswer> {
    const at = await desksAt(pool, desk.account, desk.environment, record);
    return { ...record, desks: at.filter((d) => d.deskId !== desk.deskId).map((d) => ({ deskName: d.deskName })) };
  }
}
