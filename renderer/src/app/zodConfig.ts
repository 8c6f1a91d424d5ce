import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` where it may. The page's CSP forbids it, and zod's
 * probe for that (the first time any object schema parses) costs a reported CSP violation, in the
 * middle of whichever view happens to parse first. Imported first by main.tsx, before any schema runs.
 */
z.config({ jitless: true });
