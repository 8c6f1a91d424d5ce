import { z } from 'zod';
import { DEFAULT_THRESHOLDS } from '../scan/detector.js';

/**
 * The barcode scanner's settings, kept by main in the settings file: the detector's thresholds
 * (proposed by the calibration screen) and whether the scan cues make a sound.
 */
export const ScannerSettings = z.object({
  /** Longest gap between two keys of one scan (scanners: 2-100 ms per key). */
  maxGapMs: z.number().int().min(5).max(300),
  /** Fewest characters that make a scan. */
  minLength: z.number().int().min(2).max(50),
  /** A fast burst followed by silence is a scan even without Enter or Tab. */
  idleEnds: z.boolean(),
  /** How keys are read: by the character the OS layout gives, by physical key on a US layout, or chosen per scan. */
  decode: z.enum(['key', 'code', 'auto']),
  /** What the scanner was taught to send before every code (calibration finds it); empty for none. */
  prefix: z.string().max(8).default(''),
  /** What it sends after every code, before Enter or Tab; empty for none. */
  suffix: z.string().max(8).default(''),
  /** Scan cues without sound. */
  muted: z.boolean(),
  /** When the thresholds were last set from a calibration (ISO 8601), or null for the defaults. */
  calibratedAt: z.string().datetime({ offset: true }).nullable(),
});
export type ScannerSettings = z.infer<typeof ScannerSettings>;

export const DEFAULT_SCANNER_SETTINGS: ScannerSettings = {
  maxGapMs: DEFAULT_THRESHOLDS.maxGapMs,
  minLength: DEFAULT_THRESHOLDS.minLength,
  idleEnds: DEFAULT_THRESHOLDS.idleEnds,
  decode: DEFAULT_THRESHOLDS.decode,
  prefix: DEFAULT_THRESHOLDS.prefix,
  suffix: DEFAULT_THRESHOLDS.suffix,
  muted: false,
  calibratedAt: null,
};
