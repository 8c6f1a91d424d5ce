import { z } from 'zod';
import { SessionState } from '../schemas/session.js';
import { ConnectionTest, EnvironmentInput, EnvironmentSummary, ServiceUrl } from '../schemas/environments.js';
import { NoInput } from './define.js';

const EnvironmentList = z.object({ activeId: z.string(), items: z.array(EnvironmentSummary) });

/** The service environments Dockdesk knows (the local emulator, sandbox, production, custom). */
export const environmentChannels = {
  'environments.list': { input: NoInput, output: EnvironmentList },
  'environments.save': { input: EnvironmentInput, output: EnvironmentSummary },
  'environments.remove': { input: z.object({ id: z.string() }).strict(), output: EnvironmentList },
  'environments.activate': { input: z.object({ id: z.string() }).strict(), output: SessionState },
  'environments.test': { input: z.object({ apiBaseUrl: ServiceUrl, authUrl: ServiceUrl.nullable() }).strict(), output: ConnectionTest },
} as const;
