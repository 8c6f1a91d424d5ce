import { AppErrorException } from '../../../../shared/errors';
import { WroCreateDraft } from '../../../../shared/schemas/drafts';
import { emptyWroForm } from '../../../../shared/schemas/wro-form';
import { call } from '../../../../renderer/src/bridge/dockdesk';

export interface OpenedDraft {
  /** Null: a new form, nothing stored yet. */
  id: string | null;
  value: WroCreateDraft;
  /** When the draft opened was last saved (a restored draft), else null. */
  savedAt: string | null;
}

const isNotFound = (error: unknown) => error instanceof AppErrorException && error.appError.code === 'not_found';

/**
 * Opens the draft to edit: the one the address names (`?draft=<id>`, so a reload or the next start
 * reopens it), else the newest receiving-order draft of this environment and account, else a new form.
 * A draft that is gone (submitted, discarded) or no longer fits the form's schema opens a new form.
 */
export async function openWroDraft(id: string | undefined): Promise<OpenedDraft> {
  const fresh: OpenedDraft = { id: null, value: { form: emptyWroForm(), pendingSince: null }, savedAt: null };
  let target = id;
  if (!target) target = (await call('drafts.list', { kind: 'wro-create' })).items[0]?.id;
  if (!target) return fresh;
  try {
    const record = await call('drafts.get', { id: target });
    const value = WroCreateDraft.safeParse(record.value);
    return value.success ? { id: record.id, value: value.data, savedAt: record.updatedAt } : fresh;
  } catch (error) {
    if (isNotFound(error)) return fresh;
    throw error;
  }
}
