import { useNavigate } from '@tanstack/react-router';
import { useStillHere } from '../../../renderer/src/app/stillHere';
import { useEffect, useRef, useState } from 'react';
import { ListBox, ListBoxItem } from 'react-aria-components';
import type { WroCandidate } from '../common/ipc';
import type { UnidentifiedReceivingOrder } from '../../../shared/schemas/uro';
import { formatCenterTime } from '../../../renderer/src/format';
import { useT } from '../../../renderer/src/i18n/useT';
import { centerLabel } from '../../../renderer/src/ui/centerChoices';
import { Dialog } from '../../../renderer/src/ui/Dialog';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { useScanField } from '../../../renderer/src/scan/useScanField';
import { useShortcut } from '../../../renderer/src/keyboard/useShortcut';
import { StatusBadge } from '../../../renderer/src/ui/StatusBadge';
import { showToast } from '../../../renderer/src/ui/Toasts';
import { useLinkReceipt, useWroCandidates } from './queries';

/** Waits for the typing to pause before asking main (each search may read several WROs' boxes). */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Picks the WRO an unidentified receipt belongs to: suggestions first (a box with the receipt's
 * tracking number, then the same fulfillment center, open orders only), or the WROs an id, PO or
 * tracking number names. A closed WRO is shown with the reason the service would refuse it and
 * cannot be confirmed. Choosing leads to a confirmation that names both; nothing is sent before it.
 */
export function LinkDialog({ receipt, onClose }: { receipt: UnidentifiedReceivingOrder; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<WroCandidate | null>(null);
  const [confirming, setConfirming] = useState(false);
  const link = useLinkReceipt(receipt.id);
  const navigate = useNavigate();
  const stillHere = useStillHere();
  const { t, rich, label } = useT();
  const confirm = () =>
    chosen &&
    link.mutate(chosen.id, {
      onSuccess: () => {
        showToast({ title: t('unidentified.link.done', { barcode: receipt.barcode, id: chosen.id }), tone: 'success' });
        onClose();
        if (stillHere()) void navigate({ to: '/unidentified/$id', params: { id: receipt.id } }); // the router shows a failed navigation itself; nothing waits for it
      },
    });
  return (
    <Dialog title={t('unidentified.link.title', { barcode: receipt.barcode })} isOpen onOpenChange={(open) => !open && onClose()} wide>
      {!confirming || !chosen ? (
        <ChooseStep
          receipt={receipt}
          typed={typed}
          // A new search (typed or scanned) drops the choice: it may not be among the new answers.
          onType={(text) => {
            setTyped(text);
            setChosen(null);
          }}
          chosen={chosen}
          onChoose={setChosen}
          onNext={() => setConfirming(true)}
          onClose={onClose}
        />
      ) : (
        <>
          <p>
            {rich('unidentified.link.confirm', {
              barcode: receipt.barcode,
              tracked: receipt.tracking_barcode ? 'yes' : 'no',
              tracking: receipt.tracking_barcode ?? '',
              id: chosen.id,
              // The service's statuses are worded in one shared table (shared/labels.ts), not yet in the catalogs.
              status: label('ReceivingStatus', chosen.status),
              withPo: chosen.purchaseOrderNumber ? 'yes' : 'no',
              po: chosen.purchaseOrderNumber ?? '',
              b: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          {link.isError && <ErrorNote error={link.error} prefix={t('unidentified.link.failed')} />}
          <div className="actions">
            {/* Focus on Back, the safe choice: a link cannot be undone, so a stray Enter (the end of a scan) must not make one. */}
            <button type="button" className="primary" onClick={confirm} disabled={link.isPending}>
              {link.isPending ? t('unidentified.link.linking') : t('unidentified.link.confirmButton')}
            </button>
            <button
              type="button"
              className="safe-choice"
              autoFocus
              onClick={() => {
                setConfirming(false);
                link.reset();
              }}
            >
              {t('unidentified.link.back')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

interface ChooseStepProps {
  receipt: UnidentifiedReceivingOrder;
  typed: string;
  onType: (text: string) => void;
  chosen: WroCandidate | null;
  onChoose: (candidate: WroCandidate | null) => void;
  onNext: () => void;
  onClose: () => void;
}

/** The first step: the search field, what it found, and the way on to the confirmation. */
function ChooseStep({ receipt, typed, onType, chosen, onChoose, onNext, onClose }: ChooseStepProps) {
  const query = useSettled(typed.trim());
  const candidates = useWroCandidates(receipt.id, query, true);
  const { t, said } = useT();
  const list = candidates.data?.candidates ?? [];
  // A box's tracking label scanned here looks for its WRO.
  const queryField = useRef<HTMLInputElement>(null);
  useScanField(queryField, (scan) => onType(scan.text.replace(/\p{Cc}/gu, '').trim()));
  // ↓ from the query into what it found (the chosen one, else the first); the list's own keys take over there.
  useShortcut({
    keys: 'ArrowDown',
    description: t('unidentified.keys.intoOrders'),
    group: t('unidentified.title'),
    inFields: true,
    scope: () => queryField.current,
    handler: () => {
      const options = document.querySelectorAll<HTMLElement>('.candidates [role="option"]');
      ([...options].find((o) => o.getAttribute('aria-selected') === 'true') ?? options[0])?.focus();
    },
  });
  return (
    <>
      <div className="field">
        <label htmlFor="wro-query">{t('unidentified.link.query')}</label>
        <input
          id="wro-query"
          ref={queryField}
          type="search"
          // Focus starts here: the dialog opens to be typed or scanned into.
          autoFocus
          value={typed}
          onChange={(e) => onType(e.target.value)}
          maxLength={100}
          spellCheck={false}
          autoComplete="off"
          aria-describedby="wro-query-hint"
        />
        <span id="wro-query-hint" className="hint">
          {receipt.tracking_barcode ? t('unidentified.link.hintTracking', { tracking: receipt.tracking_barcode }) : t('unidentified.link.hint')}
        </span>
      </div>
      {candidates.isPending ? (
        <p className="state" role="status">
          {t('unidentified.link.looking')}
        </p>
      ) : candidates.isError && !candidates.data ? (
        <ErrorNote error={candidates.error} prefix={t('unidentified.link.searchFailed')} />
      ) : (
        <>
          <p className="muted" role="status">
            {list.length === 0
              ? t('unidentified.link.none', { text: query })
              : t('unidentified.link.count', { count: list.length, searched: query ? 'yes' : 'no' })}
            {candidates.data && candidates.data.trackingChecked.orders < candidates.data.trackingChecked.openOrders
              ? ` · ${t('unidentified.link.trackingChecked', { orders: candidates.data.trackingChecked.orders, open: candidates.data.trackingChecked.openOrders })}`
              : ''}
          </p>
          {list.length > 0 && <CandidateList list={list} chosen={chosen} onChoose={onChoose} />}
        </>
      )}
      {chosen?.refusal && (
        <p className="error" role="alert">
          {t('unidentified.link.refused', { id: chosen.id, refusal: said(chosen.refusal) })}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" disabled={!chosen || chosen.refusal !== null} onClick={onNext}>
          {chosen ? t('unidentified.link.next', { id: chosen.id }) : t('unidentified.link.choose')}
        </button>
        <button type="button" className="quiet" onClick={onClose}>
          {t('unidentified.link.cancel')}
        </button>
      </div>
    </>
  );
}

function CandidateList({ list, chosen, onChoose }: { list: WroCandidate[]; chosen: WroCandidate | null; onChoose: (c: WroCandidate | null) => void }) {
  const { t, list: listOf, said } = useT();
  return (
    <ListBox
      aria-label={t('unidentified.link.candidates')}
      className="listbox candidates"
      selectionMode="single"
      // Enter or Space on the chosen order keeps it chosen (a list of choices, not of switches): a
      // second Enter must not leave the dialog with nothing to link and its main action disabled.
      disallowEmptySelection
      items={list}
      selectedKeys={chosen ? [chosen.id] : []}
      onSelectionChange={(keys) => {
        const key = keys === 'all' ? null : [...keys][0];
        onChoose(list.find((c) => c.id === key) ?? null);
      }}
    >
      {(c) => (
        <ListBoxItem id={c.id} textValue={t('unidentified.wro', { id: c.id })} className="candidate">
          <span className="candidate-id">{t('unidentified.wroShort', { id: c.id })}</span>
          <StatusBadge kind="ReceivingStatus" status={c.status} />
          <span>{c.purchaseOrderNumber ? t('unidentified.po', { po: c.purchaseOrderNumber }) : t('unidentified.noPo')}</span>
          <span>{c.fulfillmentCenter ? centerLabel(t, c.fulfillmentCenter) : '—'}</span>
          <span>{t('unidentified.expected', { time: formatCenterTime(c.expectedArrival, c.fulfillmentCenter?.timezone) })}</span>
          <span className="reasons">
            {c.reasons
              .map((reason) =>
                reason === 'tracking' && c.matchedTracking.length
                  ? t('unidentified.reason.trackingOf', { tracking: listOf(c.matchedTracking) })
                  : t('unidentified.reason', { reason: reason === 'purchase-order' ? 'purchaseOrder' : reason === 'near-date' ? 'nearDate' : reason }),
              )
              .join(' · ')}
          </span>
          {c.refusal && <span className="refusal">{said(c.refusal)}</span>}
        </ListBoxItem>
      )}
    </ListBox>
  );
}
