import { shellArea } from './app/shell.contribution';
import { featureAreas } from './areas.generated';

/**
 * Every area of the renderer, in sidebar (and Alt+<n>) order: each feature area's (areas.generated.ts,
 * written from areas/manifest.ts by `npm run areas`), then the shell's. The route tree (router.tsx)
 * and the shared mechanisms (workspaces/contributions.ts: sidebar, palette, scan router, Settings
 * panels, status bar) are built from this list.
 */
export const areas = [...featureAreas, shellArea] as const;
