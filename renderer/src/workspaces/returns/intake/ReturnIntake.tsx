import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { AppErrorException } from '../../../../../shared/errors';
import { countOf } from '../../../../../shared/counts';
import type { EventPayload } from '../../../../../shared/ipc/contract';
import { checkReturnDraft, type DraftProblem } from '../../../../../shared/returns/rules';
import { ReturnDraft, type ReturnDraftLine } from '../../../../../shared/schemas/return-draft';
import type { OutboxEntryView } from '../../../../../shared/schemas/outbox';
import { ReturnAction } from '../../../../../shared/schemas/returns';
import type { Scan } from '../../../../../shared/scan/detector';
import { parseGs1 } from '../../../../../shared/scan/gs1';
import { call, errorMessage, useDockdeskEvent } from '../../../bridge/dockdesk';
import { useShortcut } from '../../../keyboard/useShortcut';
import { cue } from '../../../scan/cues';
import type { ScanVerdict } from '../../../scan/scanService';
import { useScanField } from '../../../scan/useScanField';
import { formatAsOf } from '../../../format';
import { DateField } from '../../../ui/DateField';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorNote } from '../../../ui/ErrorNote';
import { ViewHeading } from '../../../ui/ViewHeading';
import { DraftSaver, type SaveState } from './draftSaver';
import { applyItemScan, itemLabel, plainScanText } from './lines';
import { outboxKey, outboxStateText } from '../outbox/outboxText';
import { useSyncStatus } from '../../inventory/queries';
import { keepCenterForNextReturn } from './NewReturn';
import './intake.css';

/**
 * Each action says what will happen to the goods. Default is the item's return preference, which the
 * service applies and the desk does not hold; without one the service restocks.
 */
const ACTION_TEXT: Record<ReturnAction, string> = {
  Default: 'Default: restock, or the item’s preference',
  Restock: 'Restock',
  Quarantine: 'Quarantine',
  Dispose: 'Dispose',
};

/** What the last submit did, shown on the next intake (the view is replaced by a fresh draft). */
let lastSubmission: OutboxEntryView | null = null;

export const draftKey = (id: string) => ['drafts', 'return-intake', id] as const;

/** `#/returns/drafts/<draftId>`: one return in progress. */
export function ReturnIntake({ draftId }: { draftId: string }) {
  const queryClient = useQueryClient();
  const record = useQuery({ queryKey: draftKey(draftId), queryFn: () => call('drafts.get', { id: draftId }), staleTime: Infinity, gcTime: 0, retry: false });
  const onChanged = useCallback(
    (p: EventPayload<'drafts.changed'>) => {
      if (p.reason === 'returned' && p.ids.includes(draftId)) void queryClient.invalidateQueries({ queryKey: draftKey(draftId) }); // never rejects: a failed refetch shows in the query's own error state
    },
    [draftId, queryClient],
  );
  useDockdeskEvent('drafts.changed', onChanged);

  if (record.isPending)
    return (
      <section className="workspace intake" aria-labelledby="intake-title">
        <header className="workspace-header">
          <ViewHeading id="intake-title">Return intake</ViewHeading>
        </header>
        <p className="state" role="status">
          Opening the return…
        </p>
      </section>
    );
  if (record.isError)
    return (
      <section className="workspace intake" aria-labelledby="intake-title">
        <header className="workspace-header">
          <ViewHeading id="intake-title">Return intake</ViewHeading>
        </header>
        <ErrorNote error={record.error} />
        <Link to="/returns/new">Start a new return</Link>
      </section>
    );
  const parsed = ReturnDraft.safeParse(record.data.value);
  if (!parsed.success || record.data.kind !== 'return-intake')
    return (
      <section className="workspace intake" aria-labelledby="intake-title">
        <header className="workspace-header">
          <ViewHeading id="intake-title">Return intake</ViewHeading>
        </header>
        <p className="error" role="alert">
          Draft {draftId} is not a return in progress.
        </p>
      </section>
    );
  // Keyed by revision: a draft that came back from the service (outbox.returned) starts over from what main stored.
  return <IntakeForm key={`${draftId}:${record.data.revision}`} draftId={draftId} revision={record.data.revision} initial={parsed.data} />;
}

type ScanTarget = 'tracking' | 'order' | 'item' | `lot:${number}`;

function scanTargetOf(element: Element | null): ScanTarget {
  const target = element?.closest('[data-scan-target]')?.getAttribute('data-scan-target');
  return (target as ScanTarget | null | undefined) ?? 'item';
}

interface LastScan {
  verdict: ScanVerdict;
  message: string;
  line: number | null;
  seq: number;
}

function IntakeForm({ draftId, revision, initial }: { draftId: string; revision: number; initial: ReturnDraft }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const draftRef = useRef(initial);
  const saver = useMemo(() => new DraftSaver(draftId, revision), [draftId, revision]);
  const [saveState, setSaveState] = useState<SaveState>({ state: 'saved' });
  useEffect(() => saver.onState(setSaveState), [saver]);
  const [last, setLast] = useState<LastScan | null>(null);
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [orderText, setOrderText] = useState(initial.order?.referenceId ?? initial.order?.orderNumber ?? '');
  const [orderNote, setOrderNote] = useState<string | null>(null);
  const [submitted] = useState(() => {
    const s = lastSubmission;
    lastSubmission = null;
    return s;
  });
  // The last submit's entry as the outbox has it now (queued, then sent or waiting).
  const outbox = useQuery({ queryKey: outboxKey, queryFn: () => call('outbox.list', {}), enabled: submitted !== null });
  const submittedNow = submitted ? (outbox.data?.entries.find((e) => e.id === submitted.id) ?? submitted) : null;
  const seq = useRef(0);
  const fieldRef = useRef<HTMLElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  const itemRef = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // The reference id is fixed once a submit was tried, and always for changes to a sent return (main refuses either edit).
  const locked = draft.submitAttempts > 0 || draft.editOf !== null;

  const commit = useCallback(
    (next: ReturnDraft) => {
      draftRef.current = next;
      setDraft(next);
      saver.save(next);
      // Problems shown after a refused submit follow the draft as it is fixed.
      setProblems((shown) => (shown.length ? checkReturnDraft(next) : shown));
    },
    [saver],
  );
  const update = (patch: Partial<ReturnDraft>) => commit({ ...draftRef.current, ...patch });
  const updateLine = (index: number, patch: Partial<ReturnDraftLine>) =>
    commit({ ...draftRef.current, lines: draftRef.current.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) });

  const centers = useQuery({ queryKey: ['returns', 'fulfillmentCenters'], queryFn: () => call('returns.fulfillmentCenters', {}), staleTime: 10 * 60_000 });
  // The item cache's state, as the inventory workspace keeps it (read once, then followed by events).
  const cacheStatus = useSyncStatus(true);

  // First focus: the tracking number while it is missing, else the item scan field; after the
  // router's move to the heading, and never taking focus from a field the clerk already went to.
  useEffect(() => {
    const t = setTimeout(() => {
      const active = document.activeElement;
      if (active instanceof HTMLInputElement || active instanceof HTMLSelectElement || active instanceof HTMLTextAreaElement) return;
      (initial.trackingNumber ? itemRef.current : trackingRef.current)?.focus();
    }, 50);
    return () => clearTimeout(t);
  }, [initial.trackingNumber]);

  const report = (verdict: ScanVerdict, message: string, line: number | null) => {
    setLast({ verdict, message, line, seq: ++seq.current });
    return verdict;
  };

  const focusLot = (index: number) => requestAnimationFrame(() => document.getElementById(`line-${index}-lot`)?.focus());

  const scanItem = async (code: string): Promise<ScanVerdict> => {
    let answer;
    try {
      // The item cache first; main asks the service when the cache has no match (empty, loading, or an item added since the sync).
      answer = await call('inventory.lookup', { code, online: 'fallback' });
    } catch (error) {
      return report('refused', `Could not look up ${plainScanText(code)}: ${errorMessage(error)}`, null);
    }
    const shown = plainScanText(code);
    // With no match the fallback's outcome says why: not on the service either, or the service out of reach (and the cache's state).
    if (answer.matches.length === 0) return report('refused', answer.online?.message ?? `No item matches ${shown}.`, null);
    if (answer.matches.length > 1)
      return report(
        'refused',
        `${shown} is the code of ${countOf(answer.matches.length, 'item')} (${answer.matches.map((m) => m.item.sku).join(', ')}): scan the item’s own label or type its SKU.`,
        null,
      );
    const match = answer.matches[0]!;
    const online = answer.source === 'service';
    const outcome = applyItemScan(draftRef.current, match.item, answer.scan, online);
    if (outcome.verdict === 'refused')
      return report('refused', online ? `${outcome.message} (${answer.online?.message ?? 'Found on the service.'})` : outcome.message, null);
    commit(outcome.draft);
    if (outcome.needsLot) focusLot(outcome.line);
    const preference = match.returnPreference?.primaryAction;
    const note = online ? ` ${answer.online?.message ?? 'Found on the service.'}${preference ? ` Its return preference: ${preference}.` : ''}` : '';
    return report(outcome.verdict, `${outcome.message}${note}`, outcome.line);
  };

  const findOrder = async (reference: string): Promise<ScanVerdict> => {
    setOrderText(reference);
    setOrderNote('Looking up the order…');
    try {
      const { orders } = await call('returns.findOrder', { reference });
      const order = orders[0];
      if (!order) {
        setOrderNote(`No order has the reference ${reference}.`);
        return report('refused', `No order has the reference ${reference}.`, null);
      }
      const shipment = order.shipments.length === 1 ? order.shipments[0]! : null;
      update({ order, originalShipmentId: shipment?.id ?? null });
      const name = order.orderNumber ?? order.referenceId ?? String(order.orderId);
      setOrderNote(orders.length > 1 ? `${countOf(orders.length, 'order')} with this reference; using order ${name}.` : null);
      itemRef.current?.focus();
      return report('accepted', `Order ${name}${shipment ? `, shipment ${shipment.id}` : ''}.`, null);
    } catch (error) {
      setOrderNote(`The order could not be looked up: ${errorMessage(error)}`);
      return report('refused', `The order could not be looked up: ${errorMessage(error)}`, null);
    }
  };

  const handleScan = (scan: Scan, target: ScanTarget): Promise<ScanVerdict> | ScanVerdict => {
    const text = plainScanText(scan.text);
    if (target === 'tracking') {
      const trackingNumber = text.slice(0, 100);
      // The field shows the scan before focus leaves it, so leaving does not write back what was there.
      if (trackingRef.current) trackingRef.current.value = trackingNumber;
      update({ trackingNumber });
      itemRef.current?.focus();
      return report('accepted', `Tracking number ${text}.`, null);
    }
    if (target === 'order') return findOrder(text);
    if (target.startsWith('lot:')) {
      const index = Number(target.slice(4));
      const gs1 = parseGs1(scan.text);
      const lot = gs1.ok && gs1.lot ? gs1.lot : text;
      updateLine(index, { lotNumber: lot.slice(0, 100), ...(gs1.ok && gs1.expiry ? { expiry: gs1.expiry } : {}) });
      itemRef.current?.focus();
      return report('accepted', `Lot ${lot} on line ${index + 1}.`, index);
    }
    return scanItem(scan.text);
  };

  // Scans are handled in arrival order, each on the draft as the previous one left it.
  const enqueue = <T,>(work: () => Promise<T> | T): Promise<T> => {
    const run = queue.current.then(work, work);
    queue.current = run.catch(() => undefined);
    return run;
  };

  useScanField(fieldRef, (scan) => {
    const target = scanTargetOf(document.activeElement);
    return enqueue(() => handleScan(scan, target));
  });

  // A person typed a code into the item field and pressed Enter: looked up like a scan. The field is
  // uncontrolled on purpose: a scan's first keys land in it before the detector knows they are a scan,
  // and re-rendering the whole return on each of them would stall the page mid-burst.
  const typedItem = () => {
    const input = itemRef.current;
    const code = input?.value.trim() ?? '';
    if (!input || !code) return;
    input.value = '';
    // Never rejects: scanItem turns a failed lookup into a refused verdict and a note.
    void enqueue(() => scanItem(code)).then((verdict) => cue(verdict, code));
  };

  const removeLine = (index: number) => {
    const line = draftRef.current.lines[index];
    commit({ ...draftRef.current, lines: draftRef.current.lines.filter((_, i) => i !== index) });
    setLast(null);
    if (line) report('accepted', `Removed line ${index + 1}, ${line.sku || line.inventoryId}.`, null);
    itemRef.current?.focus();
  };

  const submit = async (nextBox: boolean) => {
    await queue.current;
    const found = checkReturnDraft(draftRef.current);
    setProblems(found);
    setSubmitError(null);
    if (found.length > 0) {
      cue('refused', 'Not ready to submit');
      requestAnimationFrame(() => document.getElementById('intake-problems')?.focus());
      return;
    }
    setSubmitting(true);
    try {
      await saver.flush();
      if (nextBox) {
        const { submitted: entry, draft: next } = await call('returns.nextBox', { draftId });
        lastSubmission = entry;
        void navigate({ to: '/returns/drafts/$draftId', params: { draftId: next.id } }); // the router shows a failed navigation itself; nothing waits for it
      } else {
        lastSubmission = await call('returns.submit', { draftId });
        keepCenterForNextReturn(draftRef.current.fulfillmentCenter);
        void navigate({ to: '/returns/new' }); // the router shows a failed navigation itself; nothing waits for it
      }
    } catch (error) {
      const fieldErrors = error instanceof AppErrorException ? error.appError.fieldErrors : undefined;
      if (fieldErrors) {
        setProblems(
          Object.entries(fieldErrors).flatMap(([path, messages]) => {
            const m = /^lines\.(\d+)\./.exec(path);
            return messages.map((message) => ({ path, line: m ? Number(m[1]) : null, message }));
          }),
        );
        requestAnimationFrame(() => document.getElementById('intake-problems')?.focus());
      } else setSubmitError(error);
      setSubmitting(false);
    }
  };

  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const discard = async () => {
    setConfirmDiscard(false);
    await call('drafts.discard', { id: draftId });
    void navigate({ to: '/returns/new' }); // the router shows a failed navigation itself; nothing waits for it
  };

  useShortcut({ keys: 'Alt+s', description: 'Submit the return', group: 'Return intake', inFields: true, handler: () => void submit(false) });
  // Next box starts another return for the same order: not offered while changing a sent return.
  useShortcut(
    {
      keys: 'Alt+n',
      description: 'Next box: submit and start the next return for the same order',
      group: 'Return intake',
      inFields: true,
      handler: () => void submit(true),
    },
    draft.editOf === null,
  );
  useShortcut({ keys: 'Alt+i', description: 'Go to the item scan field', group: 'Return intake', inFields: true, handler: () => itemRef.current?.focus() });

  const centerChoices = useMemo(() => {
    const list = centers.data?.items ?? [];
    const current = draft.fulfillmentCenter;
    return current && !list.some((c) => c.id === current.id) ? [current, ...list] : list;
  }, [centers.data, draft.fulfillmentCenter]);
  const problemsFor = (line: number) => problems.filter((p) => p.line === line);
  // Rows are memoized: a scan redraws its own line, not the whole return. Their handlers go through a ref.
  const backToScan = () => itemRef.current?.focus();
  const lineActions = useRef({ update: updateLine, remove: removeLine, done: backToScan });
  useEffect(() => {
    lineActions.current = { update: updateLine, remove: removeLine, done: backToScan };
  });
  const general = problems.filter((p) => p.line === null);
  const units = draft.lines.reduce((n, l) => n + l.quantity, 0);
  const cache = cacheStatus.data;

  return (
    <section className="workspace intake" aria-labelledby="intake-title" ref={fieldRef}>
      <header className="workspace-header">
        <ViewHeading id="intake-title">{draft.editOf ? `Change return ${draft.editOf}` : 'Return intake'}</ViewHeading>
        <span className={`save-state save-${saveState.state}`} role="status" data-testid="draft-save-state">
          {saveState.state === 'failed' ? saveState.message : saveState.state === 'saved' ? 'Draft saved' : 'Saving…'}
        </span>
      </header>

      {submittedNow && (
        <p className={`note submitted-${submittedNow.state}`} role="status" data-testid="last-submission">
          Return {submittedNow.referenceId}: {outboxStateText(submittedNow)}
        </p>
      )}

      <div className="intake-context">
        <div className="field">
          <label htmlFor="intake-reference">Reference id</label>
          <input
            id="intake-reference"
            value={draft.referenceId}
            readOnly={locked}
            aria-describedby="intake-reference-hint"
            maxLength={50}
            onChange={(e) => update({ referenceId: e.target.value.replace(/\s/g, '') })}
          />
          <span id="intake-reference-hint" className="hint">
            {draft.editOf !== null
              ? `Fixed: it is the reference of return ${draft.editOf}.`
              : locked
                ? 'Fixed: it was submitted once.'
                : 'Editable until the first submit.'}
          </span>
        </div>
        <div className="field" data-scan-target="tracking">
          <label htmlFor="intake-tracking">Tracking number</label>
          <CommitOnPause
            id="intake-tracking"
            inputRef={trackingRef}
            value={draft.trackingNumber}
            maxLength={100}
            invalid={problems.some((p) => p.path === 'trackingNumber')}
            onCommit={(trackingNumber) => update({ trackingNumber })}
            onEnter={() => itemRef.current?.focus()}
          />
        </div>
        <div className="field">
          <label htmlFor="intake-center">Fulfillment center</label>
          <select
            id="intake-center"
            value={draft.fulfillmentCenter ? String(draft.fulfillmentCenter.id) : ''}
            aria-invalid={problems.some((p) => p.path === 'fulfillmentCenter') || undefined}
            onChange={(e) => {
              const c = centerChoices.find((x) => String(x.id) === e.target.value);
              update({ fulfillmentCenter: c ? { id: c.id, name: c.name } : null });
            }}
          >
            <option value="">{centers.isPending ? 'Loading…' : 'Choose…'}</option>
            {centerChoices.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name ?? `Center ${c.id}`}
              </option>
            ))}
          </select>
        </div>
        <div className="field" data-scan-target="order">
          <label htmlFor="intake-order">Order reference (optional)</label>
          <input
            id="intake-order"
            value={orderText}
            autoComplete="off"
            aria-describedby="intake-order-note"
            onChange={(e) => setOrderText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && orderText.trim()) {
                e.preventDefault();
                void enqueue(() => findOrder(orderText.trim())); // never rejects: a failed search shows in the order note
              }
            }}
          />
          <span id="intake-order-note" className="hint" role="status">
            {orderNote ??
              (draft.order ? `Order ${draft.order.orderNumber ?? draft.order.orderId}` : 'Scan the packing slip or type the reference, then Enter.')}
          </span>
        </div>
        {draft.order && (
          <div className="field">
            <label htmlFor="intake-shipment">Original shipment</label>
            <select
              id="intake-shipment"
              value={draft.originalShipmentId === null ? '' : String(draft.originalShipmentId)}
              onChange={(e) => update({ originalShipmentId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">None</option>
              {draft.order.shipments.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.id}
                  {s.trackingNumber ? ` · ${s.trackingNumber}` : ''}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      <div className="intake-scan" data-scan-target="item">
        <div className="field">
          <label htmlFor="intake-item">Scan items</label>
          <input
            id="intake-item"
            ref={itemRef}
            defaultValue=""
            autoComplete="off"
            aria-describedby="intake-last-scan"
            placeholder="Scan, or type a SKU or barcode and press Enter"
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                typedItem();
              }
            }}
          />
        </div>
        <p id="intake-last-scan" className={`last-scan ${last ? `last-${last.verdict}` : ''}`} role="status" data-testid="intake-last-scan">
          {last ? `${last.verdict === 'refused' ? 'Refused' : last.verdict === 'merged' ? 'Added' : 'Accepted'}: ${last.message}` : 'Ready for the next scan.'}
        </p>
        <span className="muted cache-state">
          {cache
            ? cache.freshness.syncedAt
              ? `Item cache as of ${formatAsOf(cache.freshness.syncedAt)}`
              : cache.state === 'running'
                ? 'Item cache loading…: scans are looked up on the service'
                : 'Item cache empty: scans are looked up on the service'
            : ''}
        </span>
      </div>

      {(general.length > 0 || draft.messages.length > 0) && (
        <div className="error-note" id="intake-problems" tabIndex={-1} role="alert">
          <p>{problems.length > 0 ? 'Not submitted yet:' : 'The service refused this return:'}</p>
          <ul>
            {draft.messages.map((m, i) => (
              <li key={`s${i}`}>{m}</li>
            ))}
            {general.map((p, i) => (
              <li key={`p${i}`}>{p.message}</li>
            ))}
            {problems.some((p) => p.line !== null) && <li>See the marked lines below.</li>}
          </ul>
        </div>
      )}
      {general.length === 0 && draft.messages.length === 0 && problems.length > 0 && (
        <p className="error" id="intake-problems" tabIndex={-1} role="alert">
          Not submitted yet: fix the marked lines below.
        </p>
      )}

      <table className="intake-lines" aria-label="Items in this return" aria-describedby="intake-totals">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">SKU</th>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Lot</th>
            <th scope="col">Expiry</th>
            <th scope="col">Action</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.lines.map((line, i) => {
            const lineProblems = [...problemsFor(i).map((p) => p.message), ...line.messages].join('\n');
            const highlighted = last?.line === i;
            const needsLot = line.item.lot && !line.lotNumber;
            return (
              <LineRow
                key={`${line.inventoryId}`}
                index={i}
                line={line}
                highlighted={highlighted}
                pulse={highlighted ? last.seq : 0}
                needsLot={needsLot}
                messages={lineProblems}
                actions={lineActions}
              />
            );
          })}
        </tbody>
      </table>
      {draft.lines.length === 0 && <p className="state">No items yet: scan the first item.</p>}

      <footer className="intake-actions">
        <span id="intake-totals" className="muted">
          {countOf(draft.lines.length, 'line')}, {countOf(units, 'unit')}
        </span>
        <button type="button" className="primary" onClick={() => void submit(false)} disabled={submitting}>
          Submit <kbd>Alt+S</kbd>
        </button>
        {draft.editOf === null && (
          <button type="button" onClick={() => void submit(true)} disabled={submitting}>
            Next box <kbd>Alt+N</kbd>
          </button>
        )}
        <button type="button" className="quiet" onClick={() => setConfirmDiscard(true)} disabled={submitting}>
          Discard draft
        </button>
      </footer>
      <ConfirmDialog
        title="Discard this return draft?"
        isOpen={confirmDiscard}
        onClose={() => setConfirmDiscard(false)}
        confirmLabel="Discard the draft"
        dismissLabel="Keep the draft"
        onConfirm={() => void discard()}
      >
        <p>This throws away {countOf(draft.lines.length, 'line')}; nothing is sent to the service. This cannot be undone.</p>
      </ConfirmDialog>
      {submitError !== null && <ErrorNote error={submitError} />}
    </section>
  );
}

/** How long typing pauses before the text goes into the draft (and so to disk). */
const TYPING_PAUSE_MS = 200;

/**
 * A text input that writes to the draft when typing pauses, on Enter and on leaving it, instead of on
 * every key: a scan's first keys land in the focused field before the detector knows they are a scan,
 * and redrawing and saving the return on each would stall the page in the middle of the burst.
 * A value set from outside (a scan, a restored draft) replaces the text and drops a pending write.
 */
function CommitOnPause({
  id,
  inputRef,
  value,
  maxLength,
  invalid,
  onCommit,
  onEnter,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  maxLength: number;
  invalid: boolean;
  onCommit: (value: string) => void;
  onEnter: () => void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const commitNow = () => {
    cancel();
    const text = inputRef.current?.value ?? '';
    if (text !== value) onCommit(text);
  };
  useEffect(() => {
    cancel();
    if (inputRef.current && inputRef.current.value !== value) inputRef.current.value = value;
  }, [value, inputRef]);
  useEffect(() => cancel, []);
  return (
    <input
      id={id}
      ref={inputRef}
      defaultValue={value}
      maxLength={maxLength}
      autoComplete="off"
      aria-invalid={invalid || undefined}
      onInput={() => {
        cancel();
        timer.current = setTimeout(commitNow, TYPING_PAUSE_MS);
      }}
      onBlur={commitNow}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          commitNow();
          onEnter();
        }
      }}
    />
  );
}

interface LineActions {
  update: (index: number, patch: Partial<ReturnDraftLine>) => void;
  remove: (index: number) => void;
  /** A quantity typed and Enter: focus goes back to the item field for the next scan. */
  done: () => void;
}

const LineRow = memo(function LineRow({
  index,
  line,
  highlighted,
  pulse,
  needsLot,
  messages: messageText,
  actions,
}: {
  index: number;
  line: ReturnDraftLine;
  highlighted: boolean;
  pulse: number;
  needsLot: boolean;
  /** The line's problems and the service's messages, one a line (a string, so the row's memo holds). */
  messages: string;
  actions: RefObject<LineActions>;
}) {
  const messages = messageText ? messageText.split('\n') : [];
  const onChange = (patch: Partial<ReturnDraftLine>) => actions.current.update(index, patch);
  const onRemove = () => actions.current.remove(index);
  const label = itemLabel({ sku: line.sku, name: line.name, inventoryId: line.inventoryId });
  const messageId = messages.length > 0 ? `line-${index}-messages` : undefined;
  return (
    <>
      <tr
        className={`${highlighted ? 'last-scanned' : ''} ${messages.length ? 'has-problem' : ''}`}
        data-pulse={pulse || undefined}
        data-testid={`intake-line-${index}`}
        aria-current={highlighted ? 'true' : undefined}
      >
        <td className="num">{index + 1}</td>
        <td className="sku">{line.sku}</td>
        <td className="name">
          {line.name}
          {line.foundOnline && (
            <span className="found-online" title="Found on the service: the item cache did not have it when it was scanned.">
              found online
            </span>
          )}
        </td>
        <td>
          <input
            type="number"
            className="qty"
            min={1}
            max={1_000_000}
            aria-label={`Quantity of ${label}`}
            aria-describedby={messageId}
            value={line.quantity}
            onChange={(e) => onChange({ quantity: Math.max(0, Math.min(1_000_000, Math.trunc(Number(e.target.value) || 0))) })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                actions.current.done();
              }
            }}
          />
        </td>
        <td data-scan-target={`lot:${index}`}>
          {/* Lot fields belong to lot items; one kept from an earlier scan stays so it can be cleared. */}
          {line.item.lot || line.lotNumber ? (
            <input
              id={`line-${index}-lot`}
              className="lot"
              aria-label={`Lot number of ${label}`}
              aria-invalid={needsLot || undefined}
              placeholder={needsLot ? 'Scan or type the lot' : ''}
              value={line.lotNumber ?? ''}
              maxLength={100}
              onChange={(e) => onChange({ lotNumber: e.target.value === '' ? null : e.target.value })}
            />
          ) : (
            <span className="muted">No lot</span>
          )}
        </td>
        <td>
          {line.item.lot || line.expiry ? (
            <DateField
              className="expiry"
              label={`Expiry of ${label}`}
              visibleLabel={false}
              granularity="day"
              value={line.expiry?.slice(0, 10) ?? ''}
              onChange={(v) => onChange({ expiry: v === '' ? null : v })}
            />
          ) : (
            <span className="muted">—</span>
          )}
        </td>
        <td>
          <select
            aria-label={`Action for ${label}`}
            value={line.requestedAction}
            onChange={(e) => onChange({ requestedAction: ReturnAction.parse(e.target.value) })}
          >
            {ReturnAction.options.map((a) => (
              <option key={a} value={a}>
                {ACTION_TEXT[a]}
              </option>
            ))}
          </select>
        </td>
        <td>
          <button type="button" className="quiet" aria-label={`Remove line ${index + 1}, ${label}`} onClick={onRemove}>
            Remove
          </button>
        </td>
      </tr>
      {messages.length > 0 && (
        <tr className="line-messages">
          <td />
          <td colSpan={7} id={messageId}>
            {messages.map((m, i) => (
              <p key={i} className="field-error">
                {m}
              </p>
            ))}
          </td>
        </tr>
      )}
    </>
  );
});
