import { useRouter } from '@tanstack/react-router';
import { journalFieldScan, journalRoutedScan } from '../../../areas/journal/ui';
import { useEffect, useRef, useState } from 'react';
import type { Scan } from '../../../shared/scan/detector';
import { toScanQuery, visibleControls, type ResolvedCandidate } from '../../../shared/scan/router';
import type { ScannerSettings } from '../../../shared/schemas/scanner';
import { call, errorMessage } from '../bridge/dockdesk';
import { currentWords, useT, type Translate } from '../i18n/useT';
import { setKeyInterceptor } from '../keyboard/shortcuts';
import { useShortcut } from '../keyboard/useShortcut';
import { paletteActions } from '../palette/entries';
import { showToast } from '../ui/Toasts';
import { checkingCue, cue, primeAudio, setCuesMuted } from './cues';
import { routeScan } from './resolvers';
import { ScanChooser } from './ScanChooser';
import { ScanCue } from './ScanCue';
import { logScan } from './scanLog';
import { ScanLogDialog } from './ScanLogDialog';
import { scannerSettingsKey, useScannerSettings } from './scannerSettings';
import { scanService } from './scanService';
import './scan.css';

let openLog: (() => void) | null = null;
/** Updates the scan log's line of the last scan that was cut, until its rest comes or another scan does. */
let lastCut: ReturnType<typeof logScan> | null = null;
/** The scan log's shortcut: the same keys in every language, so also the palette line's detail. */
const LOG_KEYS = 'Alt+L';

// Scanning's own palette actions.
paletteActions.add('settings', {
  id: 'scan-log',
  label: (t) => t('scan.key.log'),
  detail: () => LOG_KEYS,
  keywords: (t) => t('scan.palette.logKeywords'),
  run: () => openLog?.(),
});
paletteActions.add('settings', {
  id: 'scanner-calibrate',
  label: (t) => t('scan.settings.calibrate'),
  keywords: (t) => t('scan.palette.calibrateKeywords'),
  href: '#/settings',
});
paletteActions.add('settings', {
  id: 'scanner-mute',
  label: (t) => t('scan.palette.mute'),
  keywords: (t) => t('scan.palette.muteKeywords'),
  run: ({ queryClient }) => {
    const current = queryClient.getQueryData<ScannerSettings>(scannerSettingsKey);
    call('scanner.settings.set', { muted: !(current?.muted ?? false) })
      .then((saved) => {
        queryClient.setQueryData(scannerSettingsKey, saved);
        showToast({ title: currentWords().t('scan.palette.muted', { muted: saved.muted ? 'yes' : 'no' }) });
      })
      .catch((error: unknown) => showToast({ title: currentWords().t('scan.palette.muteFailed'), description: errorMessage(error), tone: 'error' }));
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
  const { t } = useT();
  // The scan handlers are set up once; they word what happens in the language of the moment.
  const words = useRef(t);
  useEffect(() => {
    words.current = t;
  });

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
      onFieldScan(scan, verdict, reason, failure) {
        primeAudio();
        const t = words.current;
        const code = visibleControls(scan.text);
        // A refusal always says why: the field's reason, or at least that this field does not take it.
        const why = reason ?? (failure !== undefined ? t('scan.field.lookupFailed', { error: failure }) : t('scan.field.notTaken', { code }));
        logScan(
          scan,
          verdict === 'refused' ? 'refused' : verdict === 'merged' ? 'merged' : 'field',
          verdict === 'refused' ? (t) => t('scan.field.refused', { why }) : (t) => t('scan.field.taken'),
        );
        cue(verdict, verdict === 'refused' ? why : code, 'scan');
        journalFieldScan(scan, verdict, verdict === 'refused' ? why : (reason ?? null));
      },
      onCutScan(scan) {
        primeAudio();
        const code = visibleControls(scan.text);
        lastCut = logScan(scan, 'refused', (t) => t('scan.cutLog'));
        cue('refused', words.current('scan.cut', { code }), 'scan');
      },
      onCutResumed() {
        lastCut?.('merged', (t) => t('scan.cutResumed'));
        lastCut = null;
      },
      onRoutedScan(scan) {
        primeAudio();
        // route reports its own failures (scan log, cue, toast): the scan service does not wait for it.
        void route(scan, open, (code, candidates) => new Promise((resolve) => setChoice({ code, candidates, done: resolve })), words.current);
      },
    });
    return () => scanService.connect(null);
  }, [router]);

  useShortcut({ keys: LOG_KEYS, description: t('scan.key.log'), group: t('scan.group'), inFields: true, handler: () => setLogOpen(true) });

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

/**
 * How long a scan's lookup runs before the desk says it is checking with the service. The item cache
 * and the account mirror answer within milliseconds; a lookup still running after this is waiting on
 * the service (a code the mirror may be missing, or the request budget making it wait).
 */
const CHECKING_AFTER_MS = 300;

type Choose = (code: string, candidates: ResolvedCandidate[]) => Promise<ResolvedCandidate | null>;

/**
 * Looks one scan up and opens what it finds. Scans answer in any order (a lookup the request budget
 * holds answers late), but only the newest opens: the record on screen is always the last one scanned.
 */
async function route(scan: Scan, open: (href: string) => void, choose: Choose, t: Translate) {
  const code = visibleControls(scan.text);
  const update = logScan(scan, 'pending', (t) => t('scan.route.lookingUp'));
  const movedOn = movedOnSince();
  const seq = ++scansRouted;
  const superseded = () => seq !== scansRouted;
  let outcome;
  const checking = setTimeout(() => {
    update('pending', (t) => t('scan.route.checkingLog'));
    checkingCue(t('scan.route.checking', { code }));
  }, CHECKING_AFTER_MS);
  try {
    outcome = await routeScan(toScanQuery(scan));
  } catch (error) {
    const message = errorMessage(error);
    update('none', (t) => t('scan.route.failed', { error: message }));
    journalRoutedScan(scan, 'failed', message);
    cue('refused', t('scan.route.failedCode', { code }), 'scan');
    showToast({ title: t('scan.route.failedCode', { code }), description: message, tone: 'error' });
    return;
  } finally {
    clearTimeout(checking);
  }
  // Keys being read now are a later scan's or the clerk's: which, decides what this answer does.
  await scanService.whenBurstEnds();
  if (outcome.kind === 'one') {
    const { label, href } = outcome.candidate;
    cue('accepted', label, 'scan');
    journalRoutedScan(scan, superseded() || movedOn() ? 'found' : 'opened', label, href);
    if (superseded()) {
      update('found', (t) => t('scan.route.foundLater', { label }));
      return;
    }
    if (movedOn()) {
      update('found', (t) => t('scan.route.foundMovedOn', { label }));
      showToast({
        title: t('scan.route.found', { label }),
        description: t('scan.route.scanned', { code }),
        action: { label: t('scan.route.open'), run: () => open(href) },
      });
      return;
    }
    update('opened', (t) => t('scan.route.opened', { label }));
    open(href);
    openedByScan = window.location.hash;
    return;
  }
  if (outcome.kind === 'several') {
    const { candidates } = outcome;
    const count = candidates.length;
    cue('accepted', t('scan.route.matches', { count }), 'scan');
    update('several', (t) => t('scan.route.matches', { count }));
    journalRoutedScan(scan, 'several', t('scan.route.matches', { count }));
    const chooseAndOpen = async () => {
      const chosen = await choose(scan.text, candidates);
      if (chosen) {
        update('several', (t) => t('scan.route.matchesOpened', { count, label: chosen.label }));
        open(chosen.href);
      } else update('several', (t) => t('scan.route.matchesNone', { count }));
    };
    // The chooser reports its own outcome in the scan log: nothing waits for it from the toast.
    if (movedOn() || superseded())
      showToast({ title: t('scan.route.matchesFor', { count, code }), action: { label: t('scan.route.choose'), run: () => void chooseAndOpen() } });
    else await chooseAndOpen();
    return;
  }
  const failed = outcome.failures.map((f) => f.message).join('; ');
  cue('refused', t('scan.route.nothingCode', { code }), 'scan');
  update('none', failed ? (t) => t('scan.route.nothingFailed', { failed }) : (t) => t('scan.route.nothing'));
  journalRoutedScan(scan, failed ? 'failed' : 'none', failed || null);
  showToast({
    title: t('scan.route.nothingCode', { code }),
    description: failed ? t('scan.route.someFailed', { failed }) : t('scan.route.scanned', { code: visibleControls(scan.raw) }),
    tone: 'error',
  });
}
