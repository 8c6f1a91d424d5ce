import { useEffect, useRef, useState } from 'react';
import { Switch } from 'react-aria-components';
import { MIN_CALIBRATION_SCANS, proposeThresholds, splitRecording, type CalibrationResult } from '../../../shared/scan/calibration';
import type { KeyInput } from '../../../shared/scan/detector';
import { visibleControls } from '../../../shared/scan/router';
import { DEFAULT_SCANNER_SETTINGS, type ScannerSettings } from '../../../shared/schemas/scanner';
import { formatDateTime } from '../format';
import { useShortcut } from '../keyboard/useShortcut';
import { ErrorNote } from '../ui/ErrorNote';
import { useSaveScannerSettings, useScannerSettings } from './scannerSettings';
import { scanService } from './scanService';

const MAX_SCANS = 5;
const DECODE_WORDS: Record<ScannerSettings['decode'], string> = {
  auto: 'as typed, or by key position when that reads better',
  key: 'as typed by the keyboard layout',
  code: 'by key position on a US keyboard',
};

function describe(s: Pick<ScannerSettings, 'maxGapMs' | 'minLength' | 'idleEnds' | 'decode'>): string {
  return `Keys at most ${s.maxGapMs} ms apart, at least ${s.minLength} characters, ending ${s.idleEnds ? 'with Enter, Tab or a short silence' : 'with Enter or Tab'}; read ${DECODE_WORDS[s.decode]}.`;
}

/** Settings → Scanner: the thresholds in use, scan sounds, and the calibration screen. */
export function ScannerSettingsPanel() {
  const settings = useScannerSettings();
  const save = useSaveScannerSettings();
  const [calibrating, setCalibrating] = useState(false);
  const s = settings.data;
  return (
    <section aria-labelledby="scanner-title" className="scanner-settings">
      <h2 id="scanner-title">Scanner</h2>
      {settings.isError && <ErrorNote error={settings.error} prefix="The scanner settings could not be read" />}
      {s && (
        <>
          <p>
            {describe(s)} <span className="muted">{s.calibratedAt ? `Calibrated ${formatDateTime(s.calibratedAt)}.` : 'Default thresholds.'}</span>
          </p>
          <Switch className="switch" isSelected={!s.muted} onChange={(on) => save.mutate({ muted: !on })}>
            <span className="switch-track" aria-hidden="true" />
            Scan sounds
          </Switch>
          <div className="actions">
            <button type="button" onClick={() => setCalibrating(true)} disabled={calibrating}>
              Calibrate the scanner
            </button>
            <button type="button" onClick={() => save.mutate({ ...DEFAULT_SCANNER_SETTINGS, muted: s.muted })} disabled={!s.calibratedAt || save.isPending}>
              Use the default thresholds
            </button>
          </div>
          {save.error && <ErrorNote error={save.error} prefix="The scanner settings could not be saved" />}
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

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    element.focus();
    return scanService.record(element, (input) => setKeys((k) => [...k, input]));
  }, []);
  useShortcut({ keys: 'Escape', description: 'Stop calibrating', group: 'Scanning', inFields: true, scope: () => area.current, handler: onDone });

  return (
    <div className="calibration" role="group" aria-labelledby="calibration-title">
      <h3 id="calibration-title">Calibrate the scanner</h3>
      <p id="calibration-help">
        Scan {MIN_CALIBRATION_SCANS} to {MAX_SCANS} barcodes (the same one is fine) while the box below has focus. Dockdesk measures how fast the scanner types
        and proposes thresholds. Escape stops.
      </p>
      <div
        ref={area}
        className="capture"
        tabIndex={0}
        role="textbox"
        aria-readonly="true"
        aria-label="Scan area"
        aria-describedby="calibration-help"
        data-testid="calibration-area"
      >
        {scans.length === 0 ? 'Scan here…' : `${scans.length} of ${MAX_SCANS} scans recorded`}
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
  return (
    <table className="facts-table" aria-label="Recorded scans">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">As typed</th>
          <th scope="col">By key position (US)</th>
          <th scope="col">Keys</th>
          <th scope="col">Between keys</th>
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
                  : `average ${Math.round(gaps.reduce((a, b) => a + b, 0) / gaps.length)} ms, slowest ${Math.round(Math.max(...gaps))} ms`}
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
  return (
    <div role="status" className="calibration-result">
      {!proposal.ok ? (
        <p>{proposal.error}</p>
      ) : (
        <>
          <p>
            Measured between keys: average {proposal.stats.meanMs} ms, 95% under {Math.round(proposal.stats.p95Ms)} ms, slowest{' '}
            {Math.round(proposal.stats.maxMs)} ms.
          </p>
          <p>
            <strong>Proposed:</strong> {describe(proposal.thresholds)}
          </p>
          {proposal.notes.map((n) => (
            <p key={n} className="note">
              {n}
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
  return (
    <>
      {save.error && <ErrorNote error={save.error} prefix="The thresholds could not be saved" />}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={!proposal.ok || save.isPending}
          onClick={() => {
            if (!proposal.ok) return;
            const { maxGapMs, minLength, idleEnds, decode } = proposal.thresholds;
            save.mutate({ maxGapMs, minLength, idleEnds, decode, calibratedAt: new Date().toISOString() }, { onSuccess: onDone });
          }}
        >
          Save these thresholds
        </button>
        <button type="button" onClick={onStartOver} disabled={!canStartOver}>
          Start over
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </>
  );
}
