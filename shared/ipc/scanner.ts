import { ScannerSettings } from '../schemas/scanner.js';
import { NoInput } from './define.js';

/** The barcode scanner: its thresholds and cue settings (detection itself runs in the renderer). */
export const scannerChannels = {
  'scanner.settings.get': { input: NoInput, output: ScannerSettings },
  'scanner.settings.set': { input: ScannerSettings.partial().strict(), output: ScannerSettings },
} as const;
