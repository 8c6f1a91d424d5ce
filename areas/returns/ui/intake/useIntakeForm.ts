import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { AppErrorException } from '../../../../shared/errors';
import { checkReturnDraft } from '../../common/rules';
import type { ReturnDraft, ReturnDraftLine } from '../../../../shared/schemas/return-draft';
import type { OutboxEntryView } from '../../../../shared/schemas/outbox';
import type { Scan } from '../../../../shared/scan/detector';
import { parseGs1 } from '../../../../shared/scan/gs1';
import { useAccountKey } from '../../../../renderer/src/app/accountKey';
import { useStillHere } from '../../../../renderer/src/app/stillHere';
import { call, errorMessage } from '../../../../renderer/src/bridge/dockdesk';
import { useDraftAutosave } from '../../../../renderer/src/drafts/useDraftAutosave';
import { currentWords, useT, type Translate } from '../../../../renderer/src/i18n/useT';
import { useShortcut } from '../../../../renderer/src/keyboard/useShortcut';
import { centerChoices } from '../../../../renderer/src/ui/centerChoices';
import { cue } from '../../../../renderer/src/scan/cues';
import type { ScanVerdict, TypedIn } from '../../../../renderer/src/scan/scanService';
import { useScanField } from '../../../../renderer/src/scan/useScanField';
import { useScanJournal } from '../../../journal/ui';
import { useQuery } from '@tanstack/react-query';
import { useSyncStatus } from '../../../inventory/ui';
import { returnsQueries } from '../queries';
import { useCenters } from '../../../../renderer/src/app/centers';
import { applyItemScan, plainScanText, type ShownProblem } from './lines';
import { keepCenterForNextReturn } from './NewReturn';

/** Where a scan goes: the field (or the line's lot cell) focus is in; the item field by default. */
export type ScanTarget = 'tracking' | 'reference' | 'order' | 'item' | `lot:${number}`;

function scanTargetOf(element: Element | null): ScanTarget {
  const target = element?.closest('[data-scan-target]')?.getAttribute('data-scan-target');
  return (target as ScanTarget | null | undefined) ?? 'item';
}

/** What the last scan did, said under the scan field; `line` is the line it landed on. */
export interface LastScan {
  verdict: ScanVerdict;
  message: string;
  line: number | null;
  seq: number;
}

export interface IntakeRefs {
  /** The whole form: a scan made anywhere in it is the intake's. */
  form: RefObject<HTMLElement | null>;
  tracking: RefObject<HTMLInputElement | null>;
  item: RefObject<HTMLInputElement | null>;
}

/** What the last submit did, shown on the next intake (the view is replaced by a fresh draft). */
let lastSubmission: OutboxEntryView | null = null;

/** An uncontrolled field shows a value set from outside (a scan) before focus leaves it. */
function showInField(element: HTMLInputElement | null, text: string) {
  if (element) element.value = text;
}

/**
 * The draft as the form holds it: every change goes to the screen, to the draft autosave (each change
 * at once, on the revision before it, so a second window is refused instead of overwritten) and, once
 * a submit was refused, to the problems shown.
 */
function useIntakeDraft(draftId: string, revision: number, initial: ReturnDraft) {
  const [draft, setDraft] = useState(initial);
  const draftRef = useRef(initial);
  const saver = useDraftAutosave<ReturnDraft>({ kind: 'return-intake', id: draftId, revision, delayMs: 0 });
  const { change: saveDraft } = saver;
  const [problems, setProblems] = useState<ShownProblem[]>([]);
  const commit = useCallback(
    (next: ReturnDraft) => {
      draftRef.current = next;
      setDraft(next);
      saveDraft(next);
      // Problems shown after a refused submit follow the draft as it is fixed.
      setProblems((shown) => (shown.length ? checkReturnDraft(next) : shown));
    },
    [saveDraft],
  );
  const update = (patch: Partial<ReturnDraft>) => commit({ ...draftRef.current, ...patch });
  const updateLine = (index: number, patch: Partial<ReturnDraftLine>) =>
    commit({ ...draftRef.current, lines: draftRef.current.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) });
  return { draft, draftRef, saver, problems, setProblems, commit, update, updateLine };
}

type IntakeDraft = ReturnType<typeof useIntakeDraft>;

/** An item code looked up (the cache first, the service on a miss) and applied to the draft. */
async function lookUpItem(
  t: Translate,
  draft: ReturnDraft,
  code: string,
): Promise<{ verdict: ScanVerdict; message: string; line: number | null; next?: ReturnDraft; lotOf?: number }> {
  let answer;
  try {
    // The item cache first; main asks the service when the cache has no match (empty, loading, or an item added since the sync).
    answer = await call('inventory.lookup', { code, online: 'fallback' });
  } catch (error) {
    return { verdict: 'refused', message: t('returns.intake.item.lookupFailed', { code: plainScanText(code), error: errorMessage(error) }), line: null };
  }
  const shown = plainScanText(code);
  // Main's sentences on the online lookup, in the clerk's language.
  const onlineWords = answer.online ? answer.online.said.map(currentWords().said).join(' ') : null;
  // With no match the fallback's outcome says why: not on the service either, or the service out of reach (and the cache's state).
  if (answer.matches.length === 0) return { verdict: 'refused', message: onlineWords ?? t('returns.intake.item.noMatch', { code: shown }), line: null };
  if (answer.matches.length > 1) {
    const skus = answer.matches.map((m) => m.item.sku).join(', ');
    return {
      verdict: 'refused',
      message: t('returns.intake.item.severalItems', { code: shown, count: answer.matches.length, skus }),
      line: null,
    };
  }
  const match = answer.matches[0]!;
  const online = answer.source === 'service';
  const outcome = applyItemScan(t, draft, match.item, answer.scan, online, match.item.codes.returnPreference?.primaryAction ?? null);
  // Found on the service: main's own note on the lookup, where it gave one, follows the outcome.
  const onService = onlineWords ?? t('returns.intake.item.foundOnService');
  if (outcome.verdict === 'refused')
    return {
      verdict: 'refused',
      message: online ? t('returns.intake.item.refusedOnline', { message: outcome.message, online: onService }) : outcome.message,
      line: null,
    };
  const preference = match.item.codes.returnPreference?.primaryAction;
  const note = online ? [onService, ...(preference ? [t('returns.intake.item.preference', { preference })] : [])] : [];
  return {
    verdict: outcome.verdict,
    message: [outcome.message, ...note].join(' '),
    line: outcome.line,
    next: outcome.draft,
    ...(outcome.needsLot ? { lotOf: outcome.line } : {}),
  };
}

/** The order reference field: a packing slip scanned or a reference typed and Enter. */
function useOrderLookup(t: Translate, d: IntakeDraft, refs: IntakeRefs, report: (verdict: ScanVerdict, message: string, line: number | null) => ScanVerdict) {
  const initialOrder = d.draft.order;
  const [orderText, setOrderText] = useState(initialOrder?.referenceId ?? initialOrder?.orderNumber ?? '');
  const [orderNote, setOrderNote] = useState<string | null>(null);
  const findOrder = async (reference: string): Promise<ScanVerdict> => {
    setOrderText(reference);
    setOrderNote(t('returns.intake.order.lookingUp'));
    try {
      const { orders } = await call('returns.findOrder', { reference });
      const order = orders[0];
      if (!order) {
        const none = t('returns.intake.order.notFound', { reference });
        setOrderNote(none);
        return report('refused', none, null);
      }
      const shipment = order.shipments.length === 1 ? order.shipments[0]! : null;
      d.update({ order, originalShipmentId: shipment?.id ?? null });
      const name = order.orderNumber ?? order.referenceId ?? String(order.orderId);
      setOrderNote(orders.length > 1 ? t('returns.intake.order.several', { count: orders.length, name }) : null);
      refs.item.current?.focus();
      return report(
        'accepted',
        shipment ? t('returns.intake.order.foundShipment', { name, shipment: String(shipment.id) }) : t('returns.intake.order.found', { name }),
        null,
      );
    } catch (error) {
      const failed = t('returns.intake.order.failed', { error: errorMessage(error) });
      setOrderNote(failed);
      return report('refused', failed, null);
    }
  };
  return { orderText, setOrderText, orderNote, findOrder };
}

/** Scans and typed codes, handled in arrival order, each on the draft as the previous one left it. */
function useIntakeScans(t: Translate, d: IntakeDraft, refs: IntakeRefs) {
  const [last, setLast] = useState<LastScan | null>(null);
  const seq = useRef(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // The last thing said about a scan: a refused scan's cue gives it as the reason.
  const said = useRef('');
  const report = (verdict: ScanVerdict, message: string, line: number | null) => {
    said.current = message;
    setLast({ verdict, message, line, seq: ++seq.current });
    return verdict;
  };
  const order = useOrderLookup(t, d, refs, report);
  const scanItem = async (code: string): Promise<ScanVerdict> => {
    const result = await lookUpItem(t, d.draftRef.current, code);
    if (result.next) d.commit(result.next);
    if (result.lotOf !== undefined) {
      const index = result.lotOf;
      requestAnimationFrame(() => document.getElementById(`line-${index}-lot`)?.focus());
    }
    return report(result.verdict, result.message, result.line);
  };
  // A reference typed fast or scanned into its field is the field's value, as a slow one is; it is
  // not an item to look up.
  const scanReference = (text: string): ScanVerdict => {
    const draft = d.draftRef.current;
    if (draft.submitAttempts > 0 || draft.editOf !== null) return report('refused', t('returns.intake.reference.nowFixed'), null);
    const referenceId = text.replace(/\s/g, '').slice(0, 50);
    d.update({ referenceId });
    return report('accepted', t('returns.intake.reference.scanned', { reference: referenceId }), null);
  };
  const handleScan = (scan: Scan, target: ScanTarget, typed: TypedIn): Promise<ScanVerdict> | ScanVerdict => {
    const text = plainScanText(scan.text);
    // Identifier fields keep what was typed in them before a fast burst; the item field takes the scan alone.
    if (target === 'tracking') {
      const trackingNumber = typed(text).slice(0, 100);
      // The field shows the scan before focus leaves it, so leaving does not write back what was there.
      showInField(refs.tracking.current, trackingNumber);
      d.update({ trackingNumber });
      refs.item.current?.focus();
      return report('accepted', t('returns.intake.tracking.scanned', { tracking: text }), null);
    }
    if (target === 'reference') return scanReference(typed(text));
    if (target === 'order') return order.findOrder(text);
    if (target.startsWith('lot:')) {
      const index = Number(target.slice(4));
      const gs1 = parseGs1(scan.text);
      const lot = gs1.ok && gs1.lot ? gs1.lot : typed(text);
      d.updateLine(index, { lotNumber: lot.slice(0, 100), ...(gs1.ok && gs1.expiry ? { expiry: gs1.expiry } : {}) });
      refs.item.current?.focus();
      return report('accepted', t('returns.intake.lot.scanned', { lot, line: index + 1 }), index);
    }
    return scanItem(scan.text);
  };
  const enqueue = <T>(work: () => Promise<T> | T): Promise<T> => {
    const run = queue.current.then(work, work);
    queue.current = run.catch(() => undefined);
    return run;
  };
  useScanField(refs.form, (scan, typed) => {
    const target = scanTargetOf(document.activeElement);
    return enqueue(async () => ({ verdict: await handleScan(scan, target, typed), reason: said.current }));
  });
  return { last, setLast, report, enqueue, scanItem, ...order };
}

type IntakeScans = ReturnType<typeof useIntakeScans>;

/** The control a problem is fixed in, by the draft path it names; null for one the form has no field for. */
function fieldOf(path: string): HTMLElement | null {
  const line = /^lines\.(\d+)\.(\w+)/.exec(path);
  if (line) {
    const row = document.querySelector(`table.intake-lines tr[data-line="${line[1]}"]`);
    // A repeated, digital or bundle item is fixed by removing its line.
    const inLine: Record<string, string> = { quantity: 'input.qty', lotNumber: 'input.lot', inventoryId: 'button' };
    return row?.querySelector<HTMLElement>(inLine[line[2]!] ?? 'input, select, button') ?? null;
  }
  const fields: Record<string, string> = {
    referenceId: 'intake-reference',
    trackingNumber: 'intake-tracking',
    fulfillmentCenter: 'intake-center',
    originalShipmentId: 'intake-shipment',
    // No lines: the item scan field is where they come from.
    lines: 'intake-item',
  };
  return fields[path] ? document.getElementById(fields[path]) : null;
}

/** Of the fields the problems name, the first on the page (the order the clerk works the form in). */
function firstFieldInError(problems: ShownProblem[]): HTMLElement | null {
  const fields = problems.map((p) => fieldOf(p.path)).filter((el): el is HTMLElement => el !== null);
  return fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0] ?? null;
}

/** Submit (or Next box) once the scans queued so far are in and the draft is on disk; discard. */
function useIntakeSubmit(t: Translate, draftId: string, d: IntakeDraft, scans: IntakeScans) {
  const navigate = useNavigate();
  const stillHere = useStillHere();
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // Focus goes where the clerk fixes the first problem; the problems themselves are said (role alert).
  const showProblems = (found: ShownProblem[]) => {
    d.setProblems(found);
    requestAnimationFrame(() => (firstFieldInError(found) ?? document.getElementById('intake-problems'))?.focus());
  };
  const submit = async (nextBox: boolean) => {
    await scans.enqueue(() => undefined);
    const found = checkReturnDraft(d.draftRef.current);
    d.setProblems(found);
    setSubmitError(null);
    if (found.length > 0) {
      cue('refused', t('returns.intake.notReady'), 'typing');
      showProblems(found);
      return;
    }
    setSubmitting(true);
    try {
      const notSaved = await d.saver.flush();
      if (notSaved !== null) throw new Error(t('returns.intake.save.failed', { message: notSaved }));
      if (nextBox) {
        const { submitted: entry, draft: next } = await call('returns.nextBox', { draftId });
        lastSubmission = entry;
        if (stillHere()) void navigate({ to: '/returns/drafts/$draftId', params: { draftId: next.id } }); // the submitted draft is saved already; the view change is all that is left
      } else {
        lastSubmission = await call('returns.submit', { draftId });
        keepCenterForNextReturn(d.draftRef.current.fulfillmentCenter);
        if (stillHere()) void navigate({ to: '/returns/new' }); // the return is in the outbox already; the view change is all that is left
      }
    } catch (error) {
      const fieldErrors = error instanceof AppErrorException ? error.appError.fieldErrors : undefined;
      if (fieldErrors)
        showProblems(
          Object.entries(fieldErrors).flatMap(([path, messages]) => {
            const m = /^lines\.(\d+)\./.exec(path);
            return messages.map((message) => ({ path, line: m ? Number(m[1]) : null, message }));
          }),
        );
      else setSubmitError(error);
      setSubmitting(false);
    }
  };
  // Discard draft starts the next return; the form closed with Escape leaves for the returns list.
  const discard = async (then: '/returns/new' | '/returns' = '/returns/new') => {
    setConfirmDiscard(false);
    await call('drafts.discard', { id: draftId });
    if (stillHere()) void navigate({ to: then }); // the draft is discarded already; the view change is all that is left
  };
  // Kept, the draft is the return in progress New return opens again.
  const close = () => void navigate({ to: '/returns' }); // every change is saved as made; the view change is all that is left
  return { submit, submitting, submitError, confirmDiscard, setConfirmDiscard, discard, close };
}

function useIntakeKeys(t: Translate, submit: (nextBox: boolean) => Promise<void>, nextBoxOffered: boolean, refs: IntakeRefs, trackingNumber: string) {
  const group = t('returns.intake.title');
  useShortcut({ keys: 'Alt+S', description: t('returns.intake.key.submit'), group, inFields: true, handler: () => void submit(false) });
  // Next box starts another return for the same order: not offered while changing a sent return.
  useShortcut(
    {
      keys: 'Alt+N',
      description: t('returns.intake.key.nextBox'),
      group,
      inFields: true,
      handler: () => void submit(true),
    },
    nextBoxOffered,
  );
  useShortcut({ keys: 'Alt+I', description: t('returns.intake.key.item'), group, inFields: true, handler: () => refs.item.current?.focus() });
  // First focus: the tracking number while it is missing, else the item scan field; after the
  // router's move to the heading, and never taking focus from a field the clerk already went to.
  const [initialTracking] = useState(trackingNumber);
  useEffect(() => {
    const t = setTimeout(() => {
      const active = document.activeElement;
      if (active instanceof HTMLInputElement || active instanceof HTMLSelectElement || active instanceof HTMLTextAreaElement) return;
      (initialTracking ? refs.item.current : refs.tracking.current)?.focus();
    }, 50);
    return () => clearTimeout(t);
  }, [initialTracking, refs.item, refs.tracking]);
}

/**
 * The center field: its choices, and choosing one. The draft's center stays the first choice while the
 * list does not name it (a draft restored after the list changed, or before the list is read). A choice
 * keeps the center's name as the list (else the draft) has it, never the words shown for a nameless one.
 */
function useIntakeCenters(t: Translate, d: IntakeDraft) {
  const centers = useCenters();
  const current = d.draft.fulfillmentCenter;
  const choices = useMemo(() => centerChoices(t, centers.data ?? [], { chosen: current, chosenAt: 'start' }), [t, centers.data, current]);
  const choose = (value: string) => {
    const center = [...(centers.data ?? []), ...(current ? [current] : [])].find((c) => String(c.id) === value);
    d.update({ fulfillmentCenter: center ? { id: center.id, name: center.name } : null });
  };
  return { choices, pending: centers.isPending, choose };
}

/** What a line's row may do: handlers behind a ref, so the memoized rows keep their props. */
export interface LineActions {
  update: (index: number, patch: Partial<ReturnDraftLine>) => void;
  remove: (index: number) => void;
  /** A quantity typed and Enter: focus goes back to the item field for the next scan. */
  done: () => void;
}

/**
 * Return intake's controller: the draft, its autosave, scans in arrival order, the order lookup,
 * submit and discard, and the keys. The view's parts only show what it holds and call its commands.
 */
export function useIntakeForm(draftId: string, revision: number, initial: ReturnDraft, refs: IntakeRefs) {
  const { t } = useT();
  const d = useIntakeDraft(draftId, revision, initial);
  const scans = useIntakeScans(t, d, refs);
  const submission = useIntakeSubmit(t, draftId, d, scans);
  const { draft } = d;
  useIntakeKeys(t, submission.submit, draft.editOf === null, refs, initial.trackingNumber);
  // The intake's scans are the return's: by its number once sent (a change), else by the reference it is sent with.
  useScanJournal(
    'returns.intake',
    draft.editOf !== null || draft.referenceId ? { kind: 'return', id: String(draft.editOf ?? draft.referenceId), reference: draft.referenceId || null } : null,
  );
  const [submitted] = useState(() => {
    const s = lastSubmission;
    lastSubmission = null;
    return s;
  });
  // The last submit's entry as the outbox has it now (queued, then sent or waiting).
  const outbox = useQuery({ ...returnsQueries.outbox(useAccountKey()), enabled: submitted !== null });
  const centers = useIntakeCenters(t, d);
  const backToScan = () => refs.item.current?.focus();
  const removeLine = (index: number) => {
    const line = d.draftRef.current.lines[index];
    d.commit({ ...d.draftRef.current, lines: d.draftRef.current.lines.filter((_, i) => i !== index) });
    scans.setLast(null);
    if (line) scans.report('accepted', t('returns.intake.removed', { line: index + 1, item: line.sku || String(line.inventoryId) }), null);
    backToScan();
  };
  // A person typed a code into the item field and pressed Enter: looked up like a scan. The field is
  // uncontrolled on purpose: a scan's first keys land in it before the detector knows they are a scan,
  // and re-rendering the whole return on each of them would stall the page mid-burst.
  const typedItem = (input: HTMLInputElement) => {
    const code = input.value.trim();
    if (!code) return;
    showInField(input, '');
    void scans.enqueue(() => scans.scanItem(code)).then((verdict) => cue(verdict, code, 'typing')); // never rejects: lookUpItem answers every failure as a refusal verdict, which the cue sounds
  };
  return {
    ...submission,
    draft,
    saveState: d.saver.status,
    problems: d.problems,
    update: d.update,
    // The reference id is fixed once a submit was tried, and always for changes to a sent return (main refuses either edit).
    locked: draft.submitAttempts > 0 || draft.editOf !== null,
    submittedNow: submitted ? (outbox.data?.entries.find((e) => e.id === submitted.id) ?? submitted) : null,
    centers,
    // The item cache's state, as the inventory workspace keeps it (read once, then followed by events).
    cache: useSyncStatus(true).data,
    last: scans.last,
    order: {
      text: scans.orderText,
      setText: scans.setOrderText,
      note: scans.orderNote,
      find: (reference: string) => void scans.enqueue(() => scans.findOrder(reference)),
    },
    typedItem,
    lineCommands: { update: d.updateLine, remove: removeLine, done: backToScan } satisfies LineActions,
    backToScan,
  };
}

export type IntakeController = ReturnType<typeof useIntakeForm>;
