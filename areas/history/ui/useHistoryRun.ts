import { useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryInput, HistoryRow } from '../common/ipc';
import { call, useDockdeskEvent } from '../../../renderer/src/bridge/dockdesk';

export type HistoryRun =
  | { state: 'idle' }
  | { state: 'loading'; pages: number; events: number }
  | { state: 'done'; events: HistoryRow[]; pages: number }
  | { state: 'cancelled'; pages: number }
  | { state: 'failed'; error: unknown };

const STARTING: HistoryRun = { state: 'loading', pages: 0, events: 0 };

/**
 * Runs one history query (main reads every page through the cursor) with its progress, and cancels
 * it in main (its HTTP requests stop) on Cancel, on a new query, or when the view closes. Not cached:
 * history is asked for on purpose and can be long. `runKey` runs the same query again.
 */
export function useHistoryRun(input: Omit<HistoryInput, 'progressId'> | null, runKey: number) {
  const inputKey = input ? JSON.stringify(input) : null;
  const runId = `${runKey}:${inputKey}`;
  // What is known about a run, tagged with its id; a run with nothing known yet is starting.
  const [known, setKnown] = useState<{ runId: string; run: HistoryRun } | null>(null);
  const current = useRef<{ runId: string; progressId: string; controller: AbortController } | null>(null);

  useEffect(() => {
    if (inputKey === null) return;
    const query = JSON.parse(inputKey) as Omit<HistoryInput, 'progressId'>;
    const progressId = crypto.randomUUID();
    const controller = new AbortController();
    const mine = { runId, progressId, controller };
    current.current = mine;
    call('inventory.history', { ...query, progressId }, controller.signal).then(
      (answer) => {
        if (current.current === mine) setKnown({ runId, run: { state: 'done', events: answer.events, pages: answer.pages } });
      },
      (error: unknown) => {
        if (current.current !== mine) return;
        setKnown((prev) => {
          const pages = prev?.runId === runId && prev.run.state === 'loading' ? prev.run.pages : 0;
          return { runId, run: controller.signal.aborted ? { state: 'cancelled', pages } : { state: 'failed', error } };
        });
      },
    );
    return () => {
      controller.abort();
      if (current.current === mine) current.current = null;
    };
  }, [inputKey, runId]);

  useDockdeskEvent(
    'inventory.historyProgress',
    useCallback((p) => {
      const running = current.current;
      if (!running || p.progressId !== running.progressId) return;
      setKnown((prev) =>
        prev?.runId === running.runId && prev.run.state !== 'loading'
          ? prev
          : { runId: running.runId, run: { state: 'loading', pages: p.pages, events: p.events } },
      );
    }, []),
  );

  const cancel = useCallback(() => {
    const running = current.current;
    if (!running) return;
    running.controller.abort();
    setKnown((prev) => {
      if (prev?.runId === running.runId && prev.run.state !== 'loading') return prev;
      return { runId: running.runId, run: { state: 'cancelled', pages: prev?.runId === running.runId && prev.run.state === 'loading' ? prev.run.pages : 0 } };
    });
  }, []);

  const run: HistoryRun = inputKey === null ? { state: 'idle' } : known?.runId === runId ? known.run : STARTING;
  return { run, cancel };
}
