import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** The folder git ignores, at the top of the repository, where every screenshot spec writes. */
export const SCREENSHOT_FOLDER = fileURLToPath(new URL('../../../screenshots/', import.meta.url));

/** The window sizes every screenshot spec takes each view at. */
export const SCREENSHOT_SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/**
 * A screenshot test's window: axeCheck saves a shot per check into the folder (DOCKDESK_SHOTS), the
 * page at this size in this colour scheme. Answers the shots' name prefix ("1280x800-dark").
 */
export async function shotWindow(page: Page, size: { width: number; height: number }, scheme: 'light' | 'dark'): Promise<string> {
  process.env.DOCKDESK_SHOTS = SCREENSHOT_FOLDER;
  mkdirSync(SCREENSHOT_FOLDER, { recursive: true });
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize(size);
  return `${size.width}x${size.height}-${scheme}`;
}
