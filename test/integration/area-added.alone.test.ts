import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A new area is one folder and one manifest line. A copy of the project's files gets a fixture area
 * (channels, a core, a view, its words) in areas/fixture/ and 'fixture' in areas/manifest.ts; after
 * the two writers every area's list and every message's types come from (`npm run areas`,
 * `npm run i18n:types`), the copy passes the typecheck of the core and of the page, the lint of the
 * area's files and of the lists, and the contract's unit test, with nothing else edited.
 * Alone: two whole-program type checks and a type-aware lint would time the machine beside other files.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
let copy = '';

const fixtureFiles: Record<string, string> = {
  'areas/fixture/common/ipc.ts': `import { z } from 'zod';

/** The fixture area's channels: one call and one event. */
export const fixtureChannels = {
  'fixture.echo': {
    input: z.object({ text: z.string().min(1).max(20) }).strict(),
    output: z.object({ echo: z.string() }),
  },
} as const;
export const fixtureEvents = { 'fixture.echoed': z.object({ text: z.string() }) } as const;

export const fixtureIpc = { id: 'fixture', channels: fixtureChannels, events: fixtureEvents } as const;
`,
  'areas/fixture/core/fixture.contribution.ts': `import { defineCoreArea } from '../../../electron/core/area.js';
import { fixtureChannels } from '../common/ipc.js';

/** The fixture area's core: its one handler, from a service of the core it names. */
export const fixtureArea = defineCoreArea({
  id: 'fixture',
  channels: fixtureChannels,
  needs: ['environmentId'],
  create: (ctx) => ({
    handlers: {
      'fixture.echo': async ({ text }) => ({ echo: \`\${text} in \${ctx.environmentId()}\` }),
    },
  }),
});
`,
  'areas/fixture/core/index.ts': `// What other areas may use of the fixture area in the core: nothing yet.
export {};
`,
  'areas/fixture/ui/FixtureView.tsx': `import { useT } from '../../../renderer/src/i18n/useT';

export default function FixtureView() {
  const { t } = useT();
  return <p>{t('fixture.view')}</p>;
}
`,
  'areas/fixture/ui/fixture.contribution.tsx': `import { defineArea } from '../../../renderer/src/workspaces/area';

/** The fixture area's part of the page: a workspace in the sidebar. */
export const fixtureArea = defineArea({
  id: 'fixture',
  workspace: {
    label: (t) => t('fixture.title'),
    path: '/fixture',
    shortcut: 'Alt+9',
    needsSignIn: false,
    status: 'ready',
    purpose: (t) => t('fixture.purpose'),
    view: () => import('./FixtureView'),
  },
});
`,
  'areas/fixture/ui/index.ts': `// What other areas may use of the fixture area in the page: nothing yet.
export {};
`,
  'areas/fixture/messages/en.json': `{
  "fixture.title": "Fixture",
  "fixture.purpose": "A fixture area of the tests.",
  "fixture.view": "Fixture view"
}
`,
};

/** Runs a command in the copy; its output is the failure's message when it fails. */
function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {
      cwd: copy,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`.slice(0, 6000), { cause: error });
  }
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'area-added-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const file of files) {
    try {
      cpSync(join(repo, file), join(copy, file));
    } catch {
      // a file deleted from the working tree and not yet from the index
    }
  }
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(fixtureFiles)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    writeFileSync(join(copy, file), text);
  }
  const manifest = join(copy, 'areas/manifest.ts');
  const text = readFileSync(manifest, 'utf8');
  // The manifest's list is one line or one id a line, as its length leads Prettier to write it.
  expect(text).toMatch(/'printing',\s*'settings'/);
  writeFileSync(manifest, text.replace(/'printing',\s*'settings'/, "'printing', 'fixture', 'settings'"));
  run('node', ['build/areas.mjs']);
  run('npx', ['tsx', 'build/i18n-types.ts']);
  run('npx', ['prettier', '--write', 'shared/i18n/messages.generated.ts']);
}, 120_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('an area added by one folder and one manifest line', () => {
  it('is in the written lists of the contract, the core and the page', () => {
    expect(readFileSync(join(copy, 'shared/ipc/areas.generated.ts'), 'utf8')).toContain('fixtureIpc');
    expect(readFileSync(join(copy, 'electron/core/areas.generated.ts'), 'utf8')).toContain("from '../../areas/fixture/core/fixture.contribution.js'");
    expect(readFileSync(join(copy, 'renderer/src/areas.generated.ts'), 'utf8')).toContain("from '../../areas/fixture/ui/fixture.contribution'");
  });

  it('passes the typecheck of the core and of the page', { timeout: 300_000 }, () => {
    run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
    run('npx', ['tsc', '-p', 'renderer/tsconfig.json', '--noEmit']);
  });

  it('passes the lint: its layers, its zones, its words', { timeout: 300_000 }, () => {
    run('node', [
      '--max-old-space-size=4096',
      'node_modules/eslint/bin/eslint.js',
      'areas/fixture',
      'areas/manifest.ts',
      'shared/ipc',
      'electron/core/areas.ts',
      'electron/core/areas.generated.ts',
      'renderer/src/areas.ts',
      'renderer/src/areas.generated.ts',
    ]);
  });

  it("passes the contract's test and the manifest's, its channel served", { timeout: 300_000 }, () => {
    const out = run('npx', [
      'vitest',
      'run',
      '--project',
      'unit',
      'test/unit/ipc-contract.test.ts',
      'test/unit/areas-manifest.test.ts',
      'test/unit/core-area-order.test.ts',
    ]);
    expect(out).toMatch(/Tests\s+\d+ passed \(\d+\)/);
    expect(out).not.toMatch(/failed/);
  });
});
