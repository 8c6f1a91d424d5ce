import type { ResolvedItem } from '../../common/ipc';
import { currentWords } from '../../../../renderer/src/i18n/useT';
import { emptyWroItem, sayFormProblems, validateWroForm, type FieldErrors, type WroForm, type WroFormItem } from '../../../../shared/schemas/wro-form';

/**
 * The create form's state as one pure reducer (the view and the unit tests run the same code): the
 * form itself, the draft's pending-submit mark, and which messages show. The form's own rules speak
 * from the first submit on and then follow every change; the service's field errors (and a code
 * that resolved to nothing) stay until the next submit or resolve.
 */
export interface WroFormState {
  form: WroForm;
  /** Set when a submit left and its answer is not in: the next submit looks for that order first. */
  pendingSince: string | null;
  /** A submit was tried: the form's own rules are shown. */
  checked: boolean;
  /** The service's field errors and the item codes that found nothing, by field path. */
  extra: FieldErrors;
  submitError: string | null;
}

/** The form's top fields (everything outside the boxes and the center). */
export type TopFields = Pick<WroForm, 'package_type' | 'box_packaging_type' | 'expected_arrival_date' | 'purchase_order_number'>;

export type WroFormEvent =
  | { type: 'center'; id: number | null; timezone: string | null }
  /** The chosen center's zone as the center list gives it (a draft from before the zone was kept gets it here). */
  | { type: 'centerZone'; timezone: string }
  | { type: 'field'; patch: Partial<TopFields> }
  | { type: 'freight'; patch: Partial<WroForm['freight']> }
  | { type: 'tracking'; box: number; value: string }
  /** A line's code typed or scanned: what it named before is forgotten until it is resolved again. */
  | { type: 'code'; box: number; line: number; code: string }
  | { type: 'line'; box: number; line: number; patch: Partial<Pick<WroFormItem, 'quantity' | 'lot_number' | 'lot_date'>> }
  | { type: 'resolved'; box: number; line: number; code: string; item: ResolvedItem | null }
  | { type: 'resolveFailed'; box: number; line: number; message: string }
  /** A box's item scan answered: one more on the item's line, or a new line (null: nothing found). */
  | { type: 'scanned'; box: number; code: string; item: ResolvedItem | null }
  | { type: 'scanFailed'; box: number; message: string }
  | { type: 'addLine'; box: number }
  | { type: 'removeLine'; box: number; line: number }
  | { type: 'addBox' }
  /** Lines read from a spreadsheet (checked by main): they take the place of the boxes, the file's order fields of the form's. */
  | {
      type: 'imported';
      order: Pick<WroForm, 'package_type' | 'box_packaging_type' | 'expected_arrival_date' | 'purchase_order_number'> & { fc: number | null };
      boxes: WroForm['boxes'];
    }
  | { type: 'removeBox'; box: number }
  /** Submit pressed: the rules speak, the last answer's messages go. */
  | { type: 'submitted' }
  /** The submit leaves; the draft is marked so a lost answer is looked for before sending again. */
  | { type: 'sending'; since: string }
  | { type: 'created' }
  /** `definite`: the service refused the order, so nothing was made and the mark goes. */
  | { type: 'refused'; definite: boolean; fieldErrors: FieldErrors; message: string };

/** The path of a box's item scan field (its messages live there). */
export const scanPath = (box: number) => `boxes[${box}].scan`;
/** The path of a line; its code field's messages are under `<path>.sku`. */
export const linePath = (box: number, line: number) => `boxes[${box}].box_items[${line}]`;

export function initialFormState(form: WroForm, pendingSince: string | null): WroFormState {
  return { form, pendingSince, checked: false, extra: {}, submitError: null };
}

/** A copy of the form changed by `change`: every edit makes a new form, so the draft sees each one. */
function edit(state: WroFormState, change: (f: WroForm) => void): WroFormState {
  const form = structuredClone(state.form);
  change(form);
  return { ...state, form };
}

/**
 * The form with one line changed, every other box and line the same objects: typing in a form of
 * 2,000 lines copies one line, not all of them, and the boxes not changed skip their render.
 */
function withLine(form: WroForm, box: number, line: number, patch: Partial<WroFormItem>): WroForm {
  return {
    ...form,
    boxes: form.boxes.map((b, i) => (i === box ? { ...b, box_items: b.box_items.map((l, j) => (j === line ? { ...l, ...patch } : l)) } : b)),
  };
}

function withMessage(extra: FieldErrors, path: string, message: string | null): FieldErrors {
  const { [path]: _gone, ...rest } = extra;
  return message === null ? rest : { ...rest, [path]: [message] };
}

/** Said under the field, in the language in force when the answer came. */
const noItemFor = (code: string) => currentWords().t('receiving.create.noItem', { code });

const unresolved = { inventory_id: null, sku: null, name: null, is_lot: false } as const;
const facts = (item: ResolvedItem) => ({ inventory_id: item.inventory_id, sku: item.sku, name: item.name, is_lot: item.is_lot });

function lineEvent(state: WroFormState, event: Extract<WroFormEvent, { line: number }>): WroFormState {
  const line = state.form.boxes[event.box]?.box_items[event.line];
  // An answer for a line removed while it was looked up has nowhere to go.
  if (!line) return state;
  const change = (patch: Partial<WroFormItem>): WroFormState => ({ ...state, form: withLine(state.form, event.box, event.line, patch) });
  const at = `${linePath(event.box, event.line)}.sku`;
  switch (event.type) {
    case 'code':
      return change({ code: event.code, ...unresolved });
    case 'line':
      return change(event.patch);
    case 'resolved': {
      const next = change(event.item ? facts(event.item) : unresolved);
      return { ...next, extra: withMessage(state.extra, at, event.item ? null : noItemFor(event.code)) };
    }
    case 'resolveFailed':
      return { ...state, extra: { ...state.extra, [at]: [event.message] } };
    case 'removeLine':
      return edit(state, (f) => f.boxes[event.box]!.box_items.splice(event.line, 1));
  }
}

function scanned(state: WroFormState, { box, code, item }: Extract<WroFormEvent, { type: 'scanned' }>): WroFormState {
  if (!item) return { ...state, extra: withMessage(state.extra, scanPath(box), noItemFor(code)) };
  if (!state.form.boxes[box]) return state;
  const next = edit(state, (f) => {
    const lines = f.boxes[box]!.box_items;
    const same = lines.find((l) => l.inventory_id === item.inventory_id);
    if (same) {
      same.quantity = (same.quantity ?? 0) + 1;
      return;
    }
    // The first empty line takes it (a new box starts with one), else a new line.
    const blank = lines.find((l) => !l.code.trim() && l.inventory_id === null);
    const line = blank ?? emptyWroItem();
    if (!blank) lines.push(line);
    Object.assign(line, { code, ...facts(item), quantity: 1 });
  });
  return { ...next, extra: withMessage(state.extra, scanPath(box), null) };
}

export function wroFormReducer(state: WroFormState, event: WroFormEvent): WroFormState {
  switch (event.type) {
    case 'center':
      return edit(state, (f) => (f.fulfillment_center = { id: event.id, timezone: event.timezone }));
    case 'centerZone':
      if (state.form.fulfillment_center.id === null || state.form.fulfillment_center.timezone === event.timezone) return state;
      return edit(state, (f) => (f.fulfillment_center.timezone = event.timezone));
    // The fields typed into copy only what they change (see withLine).
    case 'field':
      return { ...state, form: { ...state.form, ...event.patch } };
    case 'freight':
      return { ...state, form: { ...state.form, freight: { ...state.form.freight, ...event.patch } } };
    case 'tracking':
      return state.form.boxes[event.box]
        ? { ...state, form: { ...state.form, boxes: state.form.boxes.map((b, i) => (i === event.box ? { ...b, tracking_number: event.value } : b)) } }
        : state;
    case 'code':
    case 'line':
    case 'resolved':
    case 'resolveFailed':
    case 'removeLine':
      return lineEvent(state, event);
    case 'scanned':
      return scanned(state, event);
    case 'scanFailed':
      return { ...state, extra: withMessage(state.extra, scanPath(event.box), event.message) };
    case 'addLine':
      return state.form.boxes[event.box] ? edit(state, (f) => f.boxes[event.box]!.box_items.push(emptyWroItem())) : state;
    case 'imported': {
      const { fc, ...top } = event.order;
      const next = edit(state, (f) => {
        Object.assign(f, top);
        // The zone comes with the center list (the controller's effect) when the center changed.
        if (fc !== f.fulfillment_center.id) f.fulfillment_center = { id: fc, timezone: null };
        f.boxes = event.boxes;
      });
      return { ...next, extra: {}, submitError: null };
    }
    case 'addBox':
      return edit(state, (f) => f.boxes.push({ tracking_number: '', box_items: [emptyWroItem()] }));
    case 'removeBox':
      return edit(state, (f) => f.boxes.splice(event.box, 1));
    case 'submitted':
      return { ...state, checked: true, extra: {}, submitError: null };
    case 'sending':
      return { ...state, pendingSince: event.since };
    case 'created':
      return { ...state, pendingSince: null };
    case 'refused':
      return { ...state, pendingSince: event.definite ? null : state.pendingSince, extra: event.fieldErrors, submitError: event.message };
  }
}

/** The messages shown: the form's own rules once a submit was tried, with the service's and the lookups' added. */
export function shownErrors(state: WroFormState, now: Date = new Date()): FieldErrors {
  const { t } = currentWords();
  const say = t as (id: string, values?: Record<string, string | number>) => string;
  const out: FieldErrors = state.checked ? sayFormProblems(validateWroForm(state.form, now), say) : {};
  for (const [path, messages] of Object.entries(state.extra)) out[path] = [...new Set([...(out[path] ?? []), ...messages])];
  return out;
}

/**
 * A line's code field shows every message about the line's item: the service names an unknown item
 * under inventory_id or sku, or the line itself.
 */
export function codeErrors(errors: FieldErrors, box: number, line: number): string[] {
  const key = linePath(box, line);
  return [...(errors[`${key}.sku`] ?? []), ...(errors[`${key}.inventory_id`] ?? []), ...(errors[key] ?? [])];
}

/** A line as the remove confirmation names it: the item's name and SKU before the code typed. */
export function lineSummary(line: WroFormItem | undefined): string {
  if (!line) return '';
  const { t } = currentWords();
  const what = line.sku ? (line.name ? t('receiving.create.itemNamed', { name: line.name, sku: line.sku }) : line.sku) : line.code;
  return line.quantity === null ? t('receiving.create.lineNoQuantity', { what }) : t('receiving.create.lineSummary', { what, quantity: line.quantity });
}

/** A line with something in it asks before it goes; an empty one just goes. */
export const lineNeedsConfirm = (line: WroFormItem) => Boolean(line.code.trim()) || line.inventory_id !== null;
