import { defineArea } from '../../../renderer/src/workspaces/area';

/**
 * The journal has no view of its own: each record's page shows that record's entries
 * (`RecordJournal` from this area's index), beside the service's status history.
 */
export const journalArea = defineArea({ id: 'journal' });
