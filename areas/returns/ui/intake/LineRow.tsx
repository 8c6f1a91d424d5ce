import { memo, type RefObject } from 'react';
import type { ReturnDraftLine } from '../../../../shared/schemas/return-draft';
import { ReturnAction } from '../../../../shared/schemas/returns';
import { DateField } from '../../../../renderer/src/ui/DateField';
import { useT, type Translate } from '../../../../renderer/src/i18n/useT';
import { itemLabel } from './lines';
import type { LineActions } from './useIntakeForm';

/**
 * Each action says what will happen to the goods. Default is the item's return preference, which the
 * service applies: named where the desk knows it (the item cache keeps it from the sync, a lookup on
 * the service carries it): "Dispose (item's preference)"; else said as the service's rule.
 */
function actionText(t: Translate, action: ReturnAction, preference: string | null): string {
  if (action !== 'Default') return t('returns.intake.action', { action });
  return preference ? t('returns.intake.action.preference', { preference }) : t('returns.intake.action.default');
}

type Change = (patch: Partial<ReturnDraftLine>) => void;

/** One line of the return; memoized, so a scan redraws its own line, not the whole return. */
export const LineRow = memo(function LineRow({
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
  const onChange: Change = (patch) => actions.current.update(index, patch);
  const { t } = useT();
  const label = itemLabel(t, { sku: line.sku, name: line.name, inventoryId: line.inventoryId });
  const messageId = messages.length > 0 ? `line-${index}-messages` : undefined;
  return (
    <>
      <tr
        className={`${highlighted ? 'last-scanned' : ''} ${messages.length ? 'has-problem' : ''}`}
        data-pulse={pulse || undefined}
        data-testid={`intake-line-${index}`}
        data-line={index}
        aria-current={highlighted ? 'true' : undefined}
      >
        <td className="num">{index + 1}</td>
        <td className="name">
          {line.name}
          {line.foundOnline && (
            <span className="found-online" title={t('returns.intake.foundOnline.title')}>
              {t('returns.intake.foundOnline')}
            </span>
          )}
        </td>
        <td className="sku">{line.sku}</td>
        <QuantityCell line={line} label={label} messageId={messageId} onChange={onChange} onDone={() => actions.current.done()} />
        <LotCells index={index} line={line} label={label} needsLot={needsLot} onChange={onChange} />
        <td>
          <select
            aria-label={t('returns.intake.action.label', { item: label })}
            value={line.requestedAction}
            onChange={(e) => onChange({ requestedAction: ReturnAction.parse(e.target.value) })}
          >
            {ReturnAction.options.map((a) => (
              <option key={a} value={a}>
                {actionText(t, a, line.preference)}
              </option>
            ))}
          </select>
        </td>
        <td>
          <button
            type="button"
            className="quiet"
            aria-label={t('returns.intake.remove.label', { line: index + 1, item: label })}
            onClick={() => actions.current.remove(index)}
          >
            {t('returns.intake.remove')}
          </button>
        </td>
      </tr>
      {messageId && <LineMessages id={messageId} messages={messages} />}
    </>
  );
});

/** The quantity; Enter sends focus back to the item field for the next scan. */
function QuantityCell({
  line,
  label,
  messageId,
  onChange,
  onDone,
}: {
  line: ReturnDraftLine;
  label: string;
  messageId: string | undefined;
  onChange: Change;
  onDone: () => void;
}) {
  const { t } = useT();
  return (
    <td>
      <input
        type="number"
        className="qty"
        min={1}
        max={1_000_000}
        aria-label={t('returns.intake.quantity.label', { item: label })}
        aria-describedby={messageId}
        value={line.quantity}
        onChange={(e) => onChange({ quantity: Math.max(0, Math.min(1_000_000, Math.trunc(Number(e.target.value) || 0))) })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onDone();
          }
        }}
      />
    </td>
  );
}

/** Lot and expiry: fields for lot items; one kept from an earlier scan stays so it can be cleared. */
function LotCells({ index, line, label, needsLot, onChange }: { index: number; line: ReturnDraftLine; label: string; needsLot: boolean; onChange: Change }) {
  const { t } = useT();
  return (
    <>
      <td data-scan-target={`lot:${index}`}>
        {line.item.lot || line.lotNumber ? (
          <input
            id={`line-${index}-lot`}
            className="lot"
            aria-label={t('returns.intake.lot.label', { item: label })}
            aria-invalid={needsLot || undefined}
            placeholder={needsLot ? t('returns.intake.lot.placeholder') : ''}
            value={line.lotNumber ?? ''}
            maxLength={100}
            onChange={(e) => onChange({ lotNumber: e.target.value === '' ? null : e.target.value })}
          />
        ) : (
          <span className="muted">{t('returns.intake.lot.none')}</span>
        )}
      </td>
      <td>
        {line.item.lot || line.expiry ? (
          <DateField
            className="expiry"
            label={t('returns.intake.expiry.label', { item: label })}
            visibleLabel={false}
            granularity="day"
            value={line.expiry?.slice(0, 10) ?? ''}
            onChange={(v) => onChange({ expiry: v === '' ? null : v })}
          />
        ) : (
          <span className="muted">—</span>
        )}
      </td>
    </>
  );
}

function LineMessages({ id, messages }: { id: string; messages: string[] }) {
  return (
    <tr className="line-messages">
      <td />
      <td colSpan={7} id={id}>
        {messages.map((m, i) => (
          <p key={i} className="field-error">
            {m}
          </p>
        ))}
      </td>
    </tr>
  );
}
