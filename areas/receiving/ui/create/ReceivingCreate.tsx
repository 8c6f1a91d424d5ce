import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useShortcut } from '../../../../renderer/src/keyboard/useShortcut';
import { ErrorNote } from '../../../../renderer/src/ui/ErrorNote';
import { ViewHeading } from '../../../../renderer/src/ui/ViewHeading';
import { BoxFields, boxErrors } from './BoxFields';
import { DraftNote, Errors, FormCloseKey, FormDialogs, OrderFields } from './FormParts';
import { useDrawnBoxes } from './drawnBoxes';
import { DRAWING_ATTRIBUTE } from './focus';
import { ImportDialog } from './ImportDialog';
import { useWroCreateForm } from './useWroCreateForm';
import { openWroDraft, type OpenedDraft } from './wroDraft';
import { useT } from '../../../../renderer/src/i18n/useT';

/**
 * A new receiving order: the form checks the service's rules as the user goes (shared/schemas/
 * wro-form.ts, the same rules main checks), and the service's own 422 lands on the same fields.
 * An item is scanned or typed (SKU, barcode or inventory id) and resolved through main on Enter.
 * The form is a draft (wroDraft.ts, drafts/useDraftAutosave.ts): saved as the user types, reopened after a reload, a crash or
 * a restart, and discarded once the order is created.
 */
export function ReceivingCreate() {
  const { draft, import: importAsked } = useSearch({ from: '/receiving/new' });
  const [initialDraft] = useState(draft);
  const [opened, setOpened] = useState<OpenedDraft | null>(null);
  const [openError, setOpenError] = useState<unknown>(null);
  // Taken here, not by the form: the form mounts only once its draft is open, and an Alt+F pressed
  // while it opens is the clerk's too. The form opens the dialog on each press it has not seen.
  const [importPresses, setImportPresses] = useState(0);
  const { t } = useT();
  useShortcut({
    keys: 'Alt+F',
    description: t('receiving.keys.import'),
    group: t('receiving.keys.group'),
    inFields: true,
    handler: () => setImportPresses((n) => n + 1),
  });
  useEffect(() => {
    let live = true;
    openWroDraft(initialDraft).then(
      (d) => live && setOpened(d),
      (e: unknown) => live && setOpenError(e),
    );
    return () => {
      live = false;
    };
  }, [initialDraft]);
  return (
    <section className="workspace" aria-labelledby="wro-new-title">
      <header className="workspace-header">
        <ViewHeading id="wro-new-title">{t('receiving.new')}</ViewHeading>
      </header>
      {openError ? (
        <ErrorNote error={openError} prefix={t('receiving.create.draftNotOpened')} />
      ) : opened ? (
        <WroCreateForm opened={opened} importAsked={importAsked === true} importPresses={importPresses} />
      ) : (
        <p className="state" role="status" data-loading>
          {t('receiving.create.openingDraft')}
        </p>
      )}
    </section>
  );
}

const NO_ERRORS = {};

/**
 * The form itself: the controller (useWroCreateForm, over the pure reducer in formState.ts) holds the
 * form and its commands; the parts show it.
 */
function WroCreateForm({ opened, importAsked, importPresses }: { opened: OpenedDraft; importAsked: boolean; importPresses: number }) {
  const c = useWroCreateForm(opened);
  const { t } = useT();
  const errorsByBox = boxErrors(c.errors);
  const boxes = c.form.boxes;
  const drawn = useDrawnBoxes(boxes);
  const [importing, setImporting] = useState(importAsked || importPresses > 0);
  const [pressesSeen, setPressesSeen] = useState(importPresses);
  if (pressesSeen !== importPresses) {
    setPressesSeen(importPresses);
    setImporting(true);
  }
  // The palette's action while the form is already open: the address changes, the form stays.
  const [asked, setAsked] = useState(importAsked);
  if (asked !== importAsked) {
    setAsked(importAsked);
    if (importAsked) setImporting(true);
  }
  return (
    <>
      <DraftNote status={c.draft.status} pending={c.draft.pending} restored={c.draft.restored} onDiscard={c.discard.ask} />
      <FormCloseKey c={c} />
      <FormDialogs c={c} />
      <div className="button-row">
        <button type="button" onClick={() => setImporting(true)} aria-keyshortcuts="Alt+F">
          {t('receiving.create.importButton')}
        </button>
      </div>
      {importing && (
        <ImportDialog
          isOpen
          onClose={() => setImporting(false)}
          form={c.form}
          centers={c.centers.map((k) => ({ id: Number(k.id), name: k.label }))}
          onLines={(lines) => {
            setImporting(false);
            c.importLines(lines);
          }}
        />
      )}
      <form
        className="wro-form"
        onSubmit={(e) => {
          e.preventDefault();
          c.submit();
        }}
        onBlur={c.draft.flush}
        onKeyDown={(e) => {
          // Enter in a field never sends the whole form (a scanner's Enter, a quantity's Enter): only
          // the Create button does.
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement && e.target.type !== 'submit') e.preventDefault();
        }}
        noValidate
        aria-describedby={c.submitError ? 'wro-submit-error' : undefined}
        {...(drawn < boxes.length ? { [DRAWING_ATTRIBUTE]: '' } : {})}
      >
        <OrderFields c={c} />
        <Errors id="f-boxes-error" errors={c.errors['boxes']} />
        {boxes.slice(0, drawn).map((box, b) => (
          <BoxFields key={b} c={c} box={box} b={b} errors={errorsByBox.get(b) ?? NO_ERRORS} removable={boxes.length > 1} />
        ))}
        {drawn < boxes.length && (
          <p className="state muted" data-loading>
            {t('receiving.create.drawing', { drawn, count: boxes.length })}
          </p>
        )}
        <div className="button-row">
          <button type="button" onClick={() => c.dispatch({ type: 'addBox' })}>
            {t('receiving.create.addBox')}
          </button>
          <button type="submit" className="primary" disabled={c.creating}>
            {c.creating ? t('receiving.create.creating') : t('receiving.create.submit')}
          </button>
        </div>
        {c.submitError && (
          <p className="field-error" id="wro-submit-error" role="alert" tabIndex={-1}>
            {c.submitError}
          </p>
        )}
      </form>
    </>
  );
}
