import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The niceness background threads take: well behind the main thread, still ahead of idle work. */
const BACKGROUND_NICENESS = 10;

/**
 * Puts the calling worker thread behind the process's main thread when both want a core. On a
 * two-core desk PC a full sync keeps the built-in emulator's thread and the sync's own worker busy at
 * once; at equal priority the main thread then waits for a core for tens of milliseconds, and every
 * IPC answer (a scan's lookup) waits with it. Only Linux lets one thread of a process be reniced
 * (its nice value is per thread, and `/proc/thread-self` names the calling thread); elsewhere this
 * does nothing and says so. Raising niceness needs no privilege.
 *
 * Returns whether the thread now runs at background priority.
 */
export function lowerThisThreadPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // "<pid>/task/<tid>": the thread running this code, not the process.
    const tid = Number(/\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (!Number.isInteger(tid) || tid === process.pid) return false;
    // A process started already further back (nice'd by its user) keeps its own setting.
    if (getPriority(tid) < BACKGROUND_NICENESS) setPriority(tid, BACKGROUND_NICENESS);
    return true;
  } catch {
    // No /proc (a sandbox) or renice refused: the thread keeps the process's priority, as before.
    return false;
  }
}
