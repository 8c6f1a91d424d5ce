import { createScanDetector, type ScanDetector, type ScanThresholds } from '../../../shared/scan/detector.js';

/** The fields of Electron's `before-input-event` Input that the guard reads (no `electron` import in the core). */
export interface ElectronKeyInput {
  type: string;
  key: string;
  code: string;
  control: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
  isAutoRepeat: boolean;
}

/**
 * Keeps application-menu accelerators from firing in the middle of a scanner's burst (a scan
 * containing Ctrl+] or arriving just before a person's Ctrl+R). Main feeds it every key input of the
 * window before the page sees it and calls `webContents.setIgnoreMenuShortcuts(answer)`: the page
 * still gets the key (its own detector reads the scan), only the menu stays quiet. It runs the same
 * detector as the renderer, on main's clock, with the thresholds from the scanner settings.
 */
export class MenuGuard {
  private detector: ScanDetector;

  constructor(
    thresholds: Partial<ScanThresholds> = {},
    private readonly now: () => number = () => performance.now(),
  ) {
    this.detector = createScanDetector(thresholds);
  }

  update(thresholds: Partial<ScanThresholds>): void {
    this.detector = createScanDetector(thresholds);
  }

  /** True when menu shortcuts must be ignored for this input. */
  ignoreMenuShortcuts(input: ElectronKeyInput): boolean {
    const at = this.now();
    const due = this.detector.flushDueAt;
    const burstOpen = due !== null && at <= due;
    if (input.type !== 'keyDown') return burstOpen;
    const result = this.detector.push(
      {
        key: input.key,
        code: input.code,
        ctrlKey: input.control,
        altKey: input.alt,
        shiftKey: input.shift,
        metaKey: input.meta,
        repeat: input.isAutoRepeat,
        timeStamp: at,
      },
      { editable: false },
    );
    return burstOpen || result.action !== 'pass';
  }
}
