import { useNavigate } from '@tanstack/react-router';
import { useEffect, useReducer, useState, type Dispatch } from 'react';
import type { AppError } from '../../../../shared/errors';
import type { WroCreateDraft } from '../../../../shared/schemas/drafts';
import { validateWroForm, type WroForm } from '../../../../shared/schemas/wro-form';
import { call } from '../../../../renderer/src/bridge/dockdesk';
import { useStillHere } from '../../../../renderer/src/app/stillHere';
import { useDraftAutosave } from '../../../../renderer/src/drafts/useDraftAutosave';
import { centerChoices } from '../../../../renderer/src/ui/centerChoices';
import { errorParts } from '../../../../renderer/src/ui/ErrorNote';
import { showToast } from '../../../../renderer/src/ui/Toasts';
import { useOrderAction } from '../queries';
import { useCenters } from '../../../../renderer/src/app/centers';
import { focusField, focusFirstError } from './focus';
import { initialFormState, lineNeedsConfirm, linePath, scanPath, shownErrors, wroFormReducer, type WroFormEvent, type WroFormState } from './formState';
import type { ImportedLines } from './useSheetImport';
import type { OpenedDraft } from './wroDraft';
import { currentWords, useT } from '../../../../renderer/src/i18n/useT';
import { useScanJournal } from '../../../journal/ui';
import type { JournalRecordRef } from '../../../journal/common/entry';

type DraftSaver = ReturnType<typeof useDraftAutosave<WroCreateDraft>>;

/** Every change of the form (or of the pending mark) goes to the draft; the opened value needs no save. */
function useWroDraftSave(opened: OpenedDraft, state: WroFormState): DraftSaver {
  const navigate = useNavigate();
  const stillHere = useStillHere();
  const saver = useDraftAutosave<WroCreateDraft>({
    kind: 'wro-create',
    id: opened.id,
    savedAt: opened.savedAt,
    // The first save can answer after the clerk has asked for another view: its id would take them back.
    onCreated: (id) => {
      if (stillHere()) void navigate({ to: '/receiving/new', search: { draft: id }, replace: true });
    },
  });
  const { change: saveDraft } = saver;
  const [openedForm] = useState(state.form);
  const { form, pendingSince } = state;
  useEffect(() => {
    if (form !== openedForm || pendingSince !== (opened.value.pendingSince ?? null)) saveDraft({ form, pendingSince });
  }, [form, pendingSince, openedForm, opened.value.pendingSince, saveDraft]);
  return saver;
}

/** Item codes resolved through main: a line's code, or a box's item scan (which adds or counts a line). */
function useItemLookup(dispatch: Dispatch<WroFormEvent>) {
  const resolve = async (box: number, line: number, code: string) => {
    const trimmed = code.trim();
    if (!trimmed) return;
    try {
      const { item } = await call('receiving.resolveItem', { code: trimmed });
      dispatch({ type: 'resolved', box, line, code: trimmed, item });
    } catch (error) {
      dispatch({ type: 'resolveFailed', box, line, message: errorParts(error).message });
    }
  };
  /**
   * A box's item scan (or a code typed there and Enter): the item gets a line in the box, or one more
   * on its line; focus stays in the scan field for the next one. Never rejects: a code that finds
   * nothing, or a failed call, is told under the field and answers false.
   */
  const addScanned = async (box: number, code: string): Promise<boolean> => {
    const trimmed = code.trim();
    if (!trimmed) return false;
    try {
      const { item } = await call('receiving.resolveItem', { code: trimmed });
      dispatch({ type: 'scanned', box, code: trimmed, item });
      return item !== null;
    } catch (error) {
      dispatch({ type: 'scanFailed', box, message: errorParts(error).message });
      return false;
    }
  };
  return { resolve, addScanned };
}

/** Submit: the form's own check, the pending mark on disk before the order leaves, then the answer. */
function useWroSubmit(state: WroFormState, dispatch: Dispatch<WroFormEvent>, saver: DraftSaver) {
  const navigate = useNavigate();
  const stillHere = useStillHere();
  const [fallbackId] = useState(() => crypto.randomUUID());
  const create = useOrderAction((input: { form: WroForm; pendingSince?: string }) =>
    call('receiving.create', { draftId: saver.draftId() ?? fallbackId, ...input }),
  );
  const submit = async () => {
    const { form, pendingSince } = state;
    dispatch({ type: 'submitted' });
    if (Object.keys(validateWroForm(form)).length) {
      focusFirstError();
      return;
    }
    // The draft says a submit left before it leaves: if its answer is lost (even to a crash), the
    // next submit, after a restart too, looks for the order it made before sending again.
    const since = pendingSince ?? new Date().toISOString();
    dispatch({ type: 'sending', since });
    saver.change({ form, pendingSince: since });
    await saver.flush();
    create.mutate(
      { form, ...(pendingSince ? { pendingSince } : {}) },
      {
        onSuccess: ({ order, reconciled }) => {
          dispatch({ type: 'created' });
          saver.discard().catch((error: unknown) => console.warn('The draft of a created order could not be discarded:', error));
          const { t } = currentWords();
          showToast({
            title: t('receiving.create.created', { id: order.id }),
            ...(reconciled ? { description: t('receiving.create.reconciled') } : {}),
            tone: 'success',
          });
          // The toast names the order; the clerk who has moved on meanwhile stays where they went.
          if (stillHere()) void navigate({ to: '/receiving/$id', params: { id: order.id }, search: {} }); // the router shows a failed navigation itself; nothing waits for it
        },
        onError: (error) => {
          const appErr = (error as { appError?: AppError }).appError;
          // A refusal is a definite answer: nothing was made, the next submit need not look first.
          const definite = appErr?.code === 'validation' || appErr?.code === 'invalid_input';
          dispatch({ type: 'refused', definite, fieldErrors: appErr?.fieldErrors ?? {}, message: errorParts(error).message });
          focusFirstError();
        },
      },
    );
  };
  return { submit, creating: create.isPending };
}

/** Discarding the draft asks first; the answer leaves the form for the list. */
function useDiscard(saver: DraftSaver) {
  const navigate = useNavigate();
  const stillHere = useStillHere();
  const [asking, setAsking] = useState(false);
  const discard = async () => {
    setAsking(false);
    await saver.discard();
    showToast({ title: currentWords().t('receiving.create.discarded'), tone: 'info' });
    if (stillHere()) void navigate({ to: '/receiving', search: {} }); // the router shows a failed navigation itself; nothing waits for it
  };
  return { asking, ask: () => setAsking(true), keep: () => setAsking(false), discard };
}

/** Each line change the view offers, by box and line; focus moves where the next key belongs. */
function lineCommands(state: WroFormState, dispatch: Dispatch<WroFormEvent>, lookup: ReturnType<typeof useItemLookup>, ask: (at: LineAt) => void) {
  return {
    /** A code typed into a line: what it named is forgotten until it resolves again (Enter, leaving, a scan). */
    type: (box: number, line: number, code: string) => dispatch({ type: 'code', box, line, code }),
    /** A code scanned into a line: set and resolved at once. */
    scan: (box: number, line: number, code: string) => {
      dispatch({ type: 'code', box, line, code });
      void lookup.resolve(box, line, code); // never rejects: a failed lookup is told under the field
    },
    resolve: (box: number, line: number, code: string) => void lookup.resolve(box, line, code), // never rejects, as above
    edit: (box: number, line: number, patch: Extract<WroFormEvent, { type: 'line' }>['patch']) => dispatch({ type: 'line', box, line, patch }),
    add: (box: number) => {
      const line = state.form.boxes[box]?.box_items.length ?? 0;
      dispatch({ type: 'addLine', box });
      // The next key (or scan) belongs to the new line's code, not to the button.
      focusField(`${linePath(box, line)}.sku`);
    },
    remove: (box: number, line: number) => {
      const item = state.form.boxes[box]?.box_items[line];
      if (item && lineNeedsConfirm(item)) ask({ box, line });
      else dispatch({ type: 'removeLine', box, line });
    },
    /** Enter in a quantity: back to the box's scan field for the next item. */
    quantityDone: (box: number) => focusField(scanPath(box)),
  };
}

export interface LineAt {
  box: number;
  line: number;
}

/** Until the service numbers it, an order is known by its purchase order number, as its creation is journaled. */
function byPurchaseOrder(po: string | undefined): JournalRecordRef | null {
  const number = po?.trim() ?? '';
  return number ? { kind: 'receiving', id: number, reference: number } : null;
}

/**
 * The create form's controller: the form state (formState.ts, a pure reducer), its draft autosave,
 * item lookups, submit and discard, the centers and the confirmations. The parts only show what it
 * holds and call its commands.
 */
export function useWroCreateForm(opened: OpenedDraft) {
  const [state, dispatch] = useReducer(wroFormReducer, opened.value, (v) => initialFormState(v.form, v.pendingSince ?? null));
  const { form } = state;
  const centers = useCenters();
  const { t } = useT();
  // Expected arrival is a time at the center: the chosen center's zone, kept in the form so the
  // check and the body read it the same way.
  const centerZone = centers.data?.find((c) => c.id === form.fulfillment_center.id)?.timeZone ?? null;
  useEffect(() => {
    if (centerZone) dispatch({ type: 'centerZone', timezone: centerZone });
  }, [centerZone, form.fulfillment_center.id, form.fulfillment_center.timezone]);
  const saver = useWroDraftSave(opened, state);
  useScanJournal('receiving.create', byPurchaseOrder(form.purchase_order_number));
  const lookup = useItemLookup(dispatch);
  const { submit, creating } = useWroSubmit(state, dispatch, saver);
  const discard = useDiscard(saver);
  const [removing, setRemoving] = useState<LineAt | null>(null);
  // Imported lines are on disk at once, not after the typing pause: an import is no keystroke to wait on.
  const [imported, setImported] = useState(0);
  const flushDraft = saver.flush;
  useEffect(() => {
    if (imported) void flushDraft(); // never rejects: a failed save shows in the draft note
  }, [imported, flushDraft]);
  return {
    form,
    errors: shownErrors(state),
    submitError: state.submitError,
    arrivalZone: form.fulfillment_center.timezone ?? centerZone,
    centers: centerChoices(t, centers.data ?? []),
    draft: { status: saver.status, pending: saver.pending, restored: opened.savedAt !== null, flush: () => void saver.flush() }, // flush never rejects: a failed save shows in the note
    discard,
    creating,
    submit: () => void submit(), // never rejects: a refusal or a failed call is shown on the form
    dispatch,
    chooseCenter: (value: string | null) => {
      const id = value === null ? null : Number(value);
      dispatch({ type: 'center', id, timezone: centers.data?.find((c) => c.id === id)?.timeZone ?? null });
    },
    addScanned: lookup.addScanned,
    importLines: (lines: ImportedLines) => {
      dispatch({ type: 'imported', ...lines });
      setImported((n) => n + 1);
    },
    lines: lineCommands(state, dispatch, lookup, setRemoving),
    removing: {
      at: removing,
      keep: () => setRemoving(null),
      confirm: () => {
        if (!removing) return;
        setRemoving(null);
        dispatch({ type: 'removeLine', ...removing });
        focusField(scanPath(removing.box));
      },
    },
  };
}

export type WroCreateController = ReturnType<typeof useWroCreateForm>;
