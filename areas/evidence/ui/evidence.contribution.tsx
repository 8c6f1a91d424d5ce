import { defineArea } from '../../../renderer/src/workspaces/area';

/**
 * Evidence has no view of its own: the intake shows its camera (`IntakeCamera`) and a return's page
 * its photos and claim pack (`ReturnPhotos`), both from this area's index.
 */
export const evidenceArea = defineArea({ id: 'evidence' });
