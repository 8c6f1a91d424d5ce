import { fileURLToPath } from 'node:url';

/** The folder git ignores, at the top of the repository, where every screenshot spec writes. */
export const SCREENSHOT_FOLDER = fileURLToPath(new URL('../../../screenshots/', import.meta.url));

/** The window sizes every screenshot spec takes each view at. */
export const SCREENSHOT_SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
