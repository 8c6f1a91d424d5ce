import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Scan } from '../../../shared/scan/detector';
import { countOf } from '../../../shared/counts';
import { toScanQuery, visibleControls, type ResolvedCandidate } from '../../../shared/scan/router';
import type { ScannerSettings } from '../../../shared/schemas/scanner';
import { call, errorMessage } from '../bridge/dockdesk';
import { setKeyInterceptor } from '../keyboard/shortcuts';
import { useShortcut } from '../keyboard/useShortcut';
import { paletteActions } from '../palette/entries';
import { showToast } from '../ui/Toasts';
import { cue, primeAudio, setCuesMuted } from './cues';
import { routeScan } from './resolvers';
import { ScanChooser } from './ScanChooser';
import { ScanCue } from './ScanCue';
import { logScan } from './scanLog';
import { ScanLogDialog } from './ScanLogDialog';
import { scannerSettingsKey, useScannerSettings } from './scannerSettings';
import { scanService } from './scanService';
import './scan.css';

let openLog: (() => void) | null = null;

// Scanning's own palette actions.
paletteActions.add('settings', { id: 'scan-log', label: 'Show the scan log', detail: 'Alt+L', keywords: 'scanner barcode history', run: () => openLog?.() });
paletteActions.add('settings', {
  id: 'scanner-calibrate',
  label: 'Calibrate the scanner',
  keywords: 'scanner barcode thresholds speed settings',
  href: '#/settings',
});
paletteActions.add('settings', {
  id: 'scanner-mute',
  label: 'Turn scan sounds on or off',
  keywords: 'mute unmute audio beep scanner cue',
  run: ({ queryClient }) => {
    const current = queryClient.getQueryData<ScannerSettings>(scannerSettingsKey);
    call('scanner.settings.set', { muted: !(current?.muted ?? false) })
      .then((saved) => {
        queryClient.setQueryData(scannerSettingsKey, saved);
        showToast({ title: saved.muted ? 'Scan sounds off' : 'Scan sounds on' });
      })
      .catch((error: unknown) => showToast({ title: 'Scan sounds unchanged', description: errorMessage(error), tone: 'error' }));
  },
});

/**
 * Scanning, app-wide: plugs the scan service into the keyboard module, keeps it on the saved
 * thresholds, routes every scan made outside a scan field (one match opens it, several open a
 * chooser, none says so), logs and cues each scan.
 */
export function ScanProvider() {
  const router = useRouter();
  const settings = useScannerSettings();
  const [choice, setChoice] = useState<{ code: string; candidates: ResolvedCandidate[]; done: (c: ResolvedCandidate | null) => void } | null>(null);
  const [logOpen, setLogOpen] = useState(false);

  useEffect(() => {
    if (!settings.data) return;
    scanService.configure(settings.data);
    setCuesMuted(settings.data.muted);
  }, [settings.data]);

  useEffect(() => {
    setKeyInterceptor(scanService.intercept);
    openLog = () => setLogOpen(true);
    return () => {
      setKeyInterceptor(null);
      openLog = null;
    };
  }, []);

  useEffect(() => {
    const open = (href: string) => router.history.push(href.replace(/^#/, ''));
    scanService.connect({
      onFieldScan(scan, verdict, reason) {
        primeAudio();
        const code = visibleControls(scan.text);
        // A refusal always says why: the field's reason, or at least that this field does not take it.
        const why = reason ?? `${code} is not a code this field takes`;
        logScan(
          scan,
          verdict === 'refused' ? 'refused' : verdict === 'merged' ? 'merged' : 'field',
          verdict === 'refused' ? `Refused by the field: ${why}` : 'Taken by the scan field',
        );
        cue(verdict, verdict === 'refused' ? why : code, 'scan');
      },
      onRoutedScan(scan) {
        primeAudio();
        // route reports its own failures (scan log, cue, toast): the scan service does not wait for it.
        void route(scan, open, (code, candidates) => new Promise((resolve) => setChoice({ code, candidates, done: resolve })));
      },
    });
    return () => scanService.connect(null);
  }, [router]);

  useShortcut({ keys: 'Alt+L', description: 'Show the scan log', group: 'Scanning', inFields: true, handler: () => setLogOpen(true) });

  return (
    <>
      <ScanCue />
      <ScanLogDialog isOpen={logOpen} onOpenChange={setLogOpen} />
      {choice && (
        <ScanChooser
          code={choice.code}
          candidates={choice.candidates}
          onChoose={(c) => {
            choice.done(c);
            setChoice(null);
          }}
          onClose={() => {
            choice.done(null);
            setChoice(null);
          }}
        />
      )}
    </>
  );
}

/**
 * Whether the clerk has done something since a scan was made: pressed a key or gone to another view.
 * A lookup that answers after that (a slow service, or the request limit making it wait) offers its
 * record instead of opening it, so neither the view nor the keys being typed are taken away. Later
 * scans are no such thing: neither their keys nor the record an earlier scan opened count.
 */
function movedOnSince(): () => boolean {
  const keys = scanService.clerkKeys;
  const address = window.location.hash;
  return () => scanService.clerkKeys !== keys || (window.location.hash !== address && window.location.hash !== openedByScan);
}

/** Scans routed so far, and the address the last one opened (see movedOnSince). */
let scansRouted = 0;
let openedByScan: string | null = null;

type Choose = (code: string, candidates: ResolvedCandidate[]) => Promise<ResolvedCandidate | null>;

/**
 * Looks one scan up and opens what it finds. Scans answer in any order (a lookup the request budget
 * holds answers late), but only the newest opens: the record on screen is always the last one scanned.
 */
async function route(scan: Scan, open: (href: string) => void, choose: Choose) {
  const code = visibleControls(scan.text);
  const update = logScan(scan, 'pending', 'Looking up…');
  const movedOn = movedOnSince();
  const seq = ++scansRouted;
  const superseded = () => seq !== scansRouted;
  let outcome;
  try {
    outcome = await routeScan(toScanQuery(scan));
  } catch (error) {
    update('none', `Could not look up: ${errorMessage(error)}`);
    cue('refused', `Could not look up ${code}`, 'scan');
    showToast({ title: `Could not look up ${code}`, description: errorMessage(error), tone: 'error' });
    return;
  }
  if (outcome.kind === 'one') {
    const { label, href } = outcome.candidate;
    cue('accepted', label, 'scan');
    if (superseded()) {
      update('found', `Found ${label}; not opened, as a later scan followed`);
      return;
    }
    if (movedOn()) {
      update('found', `Found ${label}; not opened, as you had moved on`);
      showToast({ title: `Found ${label}`, description: `Scanned: ${code}`, action: { label: 'Open', run: () => open(href) } });
      return;
    }
    update('opened', `Opened ${label}`);
    open(href);
    openedByScan = window.location.hash;
    return;
  }
  if (outcome.kind === 'several') {
    const { candidates } = outcome;
    cue('accepted', `${countOf(candidates.length, 'match')}`, 'scan');
    update('several', `${countOf(candidates.length, 'match')}`);
    const chooseAndOpen = async () => {
      const chosen = await choose(scan.text, candidates);
      if (chosen) {
        update('several', `${countOf(candidates.length, 'match')}: opened ${chosen.label}`);
        open(chosen.href);
      } else update('several', `${countOf(candidates.length, 'match')}: none chosen`);
    };
    // The chooser reports its own outcome in the scan log: nothing waits for it from the toast.
    if (movedOn() || superseded())
      showToast({ title: `${countOf(candidates.length, 'match')} for ${code}`, action: { label: 'Choose', run: () => void chooseAndOpen() } });
    else await chooseAndOpen();
    return;
  }
  const failed = outcome.failures.map((f) => f.message).join('; ');
  cue('refused', `Nothing matches ${code}`, 'scan');
  update('none', failed ? `Nothing matches (some lookups failed: ${failed})` : 'Nothing matches');
  showToast({
    title: `Nothing matches ${code}`,
    description: failed ? `Some lookups failed: ${failed}` : `Scanned: ${visibleControls(scan.raw)}`,
    tone: 'error',
  });
}
