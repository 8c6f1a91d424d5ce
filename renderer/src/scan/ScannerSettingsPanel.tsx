import { useEffect, useRef, useState } from 'react';
import { Switch } from 'react-aria-components';
import { marksWords, MIN_CALIBRATION_SCANS, proposeThresholds, splitRecording, type CalibrationResult } from '../../../shared/scan/calibration';
import type { KeyInput } from '../../../shared/scan/detector';
import { visibleControls } from '../../../shared/scan/router';
import { DEFAULT_SCANNER_SETTINGS, type ScannerSettings } from '../../../shared/schemas/scanner';
import { formatDateTime } from '../format';
import { useT, type Translate } from '../i18n/useT';
import { useShortcut } from '../keyboard/useShortcut';
import { ErrorNote } from '../ui/ErrorNote';
import { useSaveScannerSettings, useScannerSettings } from './scannerSettings';
import { scanService } from './scanService';

const MAX_SCANS = 5;
function describe(t: Translate, s: Pick<ScannerSettings, 'maxGapMs' | 'minLength' | 'idleEnds' | 'decode' | 'prefix' | 'suffix'>): string {
  const thresholds = t('scan.settings.thresholds', { gap: s.maxGapMs, length: s.minLength, idle: s.idleEnds ? 'yes' : 'no', decode: s.decode });
  return s.prefix || s.suffix ? `${thresholds} ${t('scan.settings.marks', { ...marksWords(s) })}` : thresholds;
}

/** Settings → Scanner: the thresholds in use, scan sounds, and the calibration screen. */
export function ScannerSettingsPanel() {
  const settings = useScannerSettings();
  const save = useSaveScannerSettings();
  const [calibrating, setCalibrating] = useState(false);
  const { t } = useT();
  const s = settings.data;
  return (
    <section aria-labelledby="scanner-title" className="scanner-settings">
      {/* data-section: the palette's "Settings: Scanner" line finds the section in any language. */}
      <h2 id="scanner-title" data-section="Scanner">
        {t('scan.settings.title')}
      </h2>
      {settings.isError && <ErrorNote error={settings.error} prefix={t('scan.settings.readFailed')} />}
      {s && (
        <>
          <p>
            {describe(t, s)}{' '}
            <span className="muted">
              {s.calibratedAt ? t('scan.settings.calibrated', { time: formatDateTime(s.calibratedAt) }) : t('scan.settings.defaults')}
            </span>
          </p>
          <Switch className="switch" isSelected={!s.muted} onChange={(on) => save.mutate({ muted: !on })}>
            <span className="switch-track" aria-hidden="true" />
            {t('scan.settings.sounds')}
          </Switch>
          <div className="actions">
            <button type="button" onClick={() => setCalibrating(true)} disabled={calibrating}>
              {t('scan.settings.calibrate')}
            </button>
            <button type="button" onClick={() => save.mutate({ ...DEFAULT_SCANNER_SETTINGS, muted: s.muted })} disabled={!s.calibratedAt || save.isPending}>
              {t('scan.settings.useDefaults')}
            </button>
          </div>
          {save.error && <ErrorNote error={save.error} prefix={t('scan.settings.saveFailed')} />}
          {calibrating && <Calibration current={s} onDone={() => setCalibrating(false)} />}
        </>
      )}
    </section>
  );
}

/**
 * Calibration: keys recorded raw while the scan area has focus, split into scans by their pauses; the
 * thresholds proposed from them; saved only when the clerk says so.
 */
function Calibration({ current, onDone }: { current: ScannerSettings; onDone: () => void }) {
  const area = useRef<HTMLDivElement>(null);
  const [keys, setKeys] = useState<KeyInput[]>([]);
  const scans = splitRecording(keys).slice(0, MAX_SCANS);
  const proposal = proposeThresholds(scans, { ...current, terminators: ['Enter', 'Tab'] });
  const { t } = useT();

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    element.focus();
    return scanService.record(element, (input) => setKeys((k) => [...k, input]));
  }, []);
  useShortcut({
    keys: 'Escape',
    description: t('scan.key.stopCalibrating'),
    group: t('scan.group'),
    inFields: true,
    scope: () => area.current,
    handler: onDone,
  });

  return (
    <div className="calibration" role="group" aria-labelledby="calibration-title">
      <h3 id="calibration-title">{t('scan.settings.calibrate')}</h3>
      <p id="calibration-help">{t('scan.calibration.help', { min: MIN_CALIBRATION_SCANS, max: MAX_SCANS })}</p>
      <div
        ref={area}
        className="capture"
        tabIndex={0}
        role="textbox"
        aria-readonly="true"
        aria-label={t('scan.calibration.area')}
        aria-describedby="calibration-help"
        data-testid="calibration-area"
      >
        {scans.length === 0 ? t('scan.calibration.scanHere') : t('scan.calibration.recorded', { count: scans.length, max: MAX_SCANS })}
      </div>
      {scans.length > 0 && <RecordedScans scans={scans} proposal={proposal} />}
      <ProposalSummary proposal={proposal} />
      <CalibrationActions
        proposal={proposal}
        onDone={onDone}
        canStartOver={keys.length > 0}
        onStartOver={() => {
          setKeys([]);
          area.current?.focus();
        }}
      />
    </div>
  );
}

/** The gaps between a scan's keys (ms), from the keys' own timestamps. */
function gapsOf(scan: KeyInput[]): number[] {
  return scan.slice(1).map((k, i) => k.timeStamp - scan[i]!.timeStamp);
}

/** The scans recorded so far, each as read both ways and with its timing. */
function RecordedScans({ scans, proposal }: { scans: KeyInput[][]; proposal: CalibrationResult }) {
  const { t } = useT();
  return (
    <table className="facts-table" aria-label={t('scan.calibration.scans')}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('scan.calibration.col.typed')}</th>
          <th scope="col">{t('scan.calibration.col.position')}</th>
          <th scope="col">{t('scan.calibration.col.keys')}</th>
          <th scope="col">{t('scan.calibration.col.between')}</th>
        </tr>
      </thead>
      <tbody>
        {scans.map((scan, i) => {
          const reading = proposal.ok ? proposal.readings[i] : undefined;
          const gaps = gapsOf(scan);
          return (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>
                <code className="scan-code">{reading ? visibleControls(reading.byKey) : '…'}</code>
              </td>
              <td>
                <code className="scan-code">{reading ? visibleControls(reading.byCode) : '…'}</code>
              </td>
              <td>{scan.length}</td>
              <td>
                {gaps.length === 0
                  ? '–'
                  : t('scan.calibration.gaps', { average: Math.round(gaps.reduce((a, b) => a + b, 0) / gaps.length), slowest: Math.round(Math.max(...gaps)) })}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** What was measured and what is proposed, or why nothing can be proposed yet; read out as it changes. */
function ProposalSummary({ proposal }: { proposal: CalibrationResult }) {
  const { t, rich, said } = useT();
  return (
    <div role="status" className="calibration-result">
      {!proposal.ok ? (
        <p>{said(proposal.error)}</p>
      ) : (
        <>
          <p>
            {t('scan.calibration.measured', {
              average: proposal.stats.meanMs,
              p95: Math.round(proposal.stats.p95Ms),
              slowest: Math.round(proposal.stats.maxMs),
            })}
          </p>
          <p>{rich('scan.calibration.proposed', { b: (chunks) => <strong>{chunks}</strong>, thresholds: describe(t, proposal.thresholds) })}</p>
          {proposal.notes.map((n) => (
            <p key={n.id} className="note">
              {said(n)}
            </p>
          ))}
        </>
      )}
    </div>
  );
}

/** Save the proposal (then close), start over, or cancel. */
function CalibrationActions({
  proposal,
  onDone,
  canStartOver,
  onStartOver,
}: {
  proposal: CalibrationResult;
  onDone: () => void;
  canStartOver: boolean;
  onStartOver: () => void;
}) {
  const save = useSaveScannerSettings();
  const { t } = useT();
  return (
    <>
      {save.error && <ErrorNote error={save.error} prefix={t('scan.calibration.saveFailed')} />}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={!proposal.ok || save.isPending}
          onClick={() => {
            if (!proposal.ok) return;
            const { maxGapMs, minLength, idleEnds, decode, prefix, suffix } = proposal.thresholds;
            save.mutate({ maxGapMs, minLength, idleEnds, decode, prefix, suffix, calibratedAt: new Date().toISOString() }, { onSuccess: onDone });
          }}
        >
          {t('scan.calibration.save')}
        </button>
        <button type="button" onClick={onStartOver} disabled={!canStartOver}>
          {t('scan.calibration.startOver')}
        </button>
        <button type="button" onClick={onDone}>
          {t('scan.calibration.cancel')}
        </button>
      </div>
    </>
  );
}
