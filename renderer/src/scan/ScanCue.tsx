import { useT } from '../i18n/useT';
import { useVisualCue } from './cues';

const SYMBOL = { accepted: '✓', merged: '⊕', refused: '✕', checking: '…' } as const;

/** The visual half of a scan cue: a badge above the status bar. Screen readers hear the outcome elsewhere (the view's heading, a toast). */
export function ScanCue() {
  const cue = useVisualCue();
  const { t } = useT();
  if (!cue) return null;
  return (
    <div key={cue.id} className={`scan-cue scan-cue-${cue.kind}`} aria-hidden="true" data-testid="scan-cue">
      <span className="scan-cue-symbol">{SYMBOL[cue.kind]}</span>
      <span>
        {/* Keys a person typed (a code and Enter) or a button: the same cue, its text alone, never called a scan. */}
        {/* A scan still being looked up says only that (its text): it is neither accepted nor refused yet. */}
        {cue.kind === 'checking' ? (
          cue.text
        ) : (
          <>
            {cue.origin === 'scan' && <strong>{t('scan.cue', { kind: cue.kind })}</strong>} {cue.text}
          </>
        )}
      </span>
    </div>
  );
}
