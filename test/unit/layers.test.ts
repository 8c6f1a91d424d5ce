import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of ARCHITECTURE.md are ESLint import restrictions (eslint.config.js). These cases
 * prove each rule fires on a violation and stays quiet on an allowed import.
 */
const eslint = new ESLint();

async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('layer rules', () => {
  it.each([
    ['shared/schemas/x.ts', "import { a } from '../../electron/core/app-core.js';\nexport const b = a;"],
    ['shared/x.ts', "import { a } from '../emulator/server.js';\nexport const b = a;"],
    ['renderer/src/x.ts', "import { a } from '../../electron/core/app-core.js';\nexport const b = a;"],
    ['renderer/src/x.ts', "import { a } from '../../emulator/server.js';\nexport const b = a;"],
    ['renderer/src/x.ts', "import { readFile } from 'node:fs';\nexport const b = readFile;"],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const b = ipcRenderer;"],
    ['emulator/x.ts', "import { a } from '../electron/core/app-core.js';\nexport const b = a;"],
    ['electron/core/x.ts', "import { app } from 'electron';\nexport const b = app;"],
    ['electron/core/api/x.ts', "import { startEmulator } from '../../../emulator/server.js';\nexport const b = startEmulator;"],
    ['electron/core/x.ts', "import { a } from '../host/browser-host.js';\nexport const b = a;"],
    ['electron/host/x.ts', "import { BrowserWindow } from 'electron';\nexport const b = BrowserWindow;"],
  ])('refuses %s importing across a layer', async (file, code) => {
    expect(await violations(file, code)).not.toHaveLength(0);
  });

  it.each([
    ['renderer/src/x.ts', "import { AppError } from '../../shared/errors';\nexport type B = AppError;"],
    ['electron/core/x.ts', "import type { RunningEmulator } from '../../emulator/server.js';\nexport type B = RunningEmulator;"],
    ['electron/core/environments/local-emulator.ts', "import { startEmulator } from '../../../emulator/server.js';\nexport const b = startEmulator;"],
    ['electron/main.ts', "import { app } from 'electron';\nexport const b = app;"],
    ['emulator/x.ts', "import { Scope } from '../shared/schemas/channel.js';\nexport const b = Scope;"],
  ])('allows %s', async (file, code) => {
    expect(await violations(file, code)).toEqual([]);
  });
});
