import { sentences } from '../../../renderer/src/i18n/sentences';
import { useT } from '../../../renderer/src/i18n/useT';
import { useSharedStore } from './queries';
import './desks.css';

/**
 * The shared store in the status bar: nothing while this desk works alone by choice, a quiet word
 * while the store answers, and a warning while the desk works alone because it does not (why, as the
 * line's title and for a screen reader). Mounted once, in the status bar's desks slot.
 */
export function SharedStoreSlot() {
  const { t, said } = useT();
  const view = useSharedStore().data;
  if (!view || view.state === 'off') return null;
  if (view.state === 'unreachable') {
    const why = sentences(said, view.said) ?? t('errors.desks.unreachable');
    return (
      <span className="desks-store-slot desks-store-slot-alone" title={why}>
        {t('desks.status.alone')}
        <span className="visually-hidden"> {why}</span>
      </span>
    );
  }
  return <span className="desks-store-slot muted">{view.state === 'connected' ? t('desks.status.connected') : t('desks.status.connecting')}</span>;
}
