import { countOf } from '../../../shared/counts.js';
import { appError, englishWords } from '../../../electron/core/words.js';
import { ReturnDraft } from '../../../shared/schemas/return-draft.js';
import type { Clock } from '../../../electron/core/clock.js';
import type { DraftPolicy } from '../../../electron/core/data/draft-store.js';
import { newReturnReferenceId } from './reference-id.js';

export interface ReturnDraftPolicyDeps {
  /** The fulfillment center Settings names for new returns in the active environment, or null. */
  defaultFulfillmentCenter: () => { id: number; name: string | null } | null;
  /** Dates a new reference id. */
  clock: Clock;
}

/**
 * What main owns in a return-intake draft: the generated reference id, the default fulfillment
 * center, the submit count, and the rule that the reference id is fixed once a submit was attempted
 * (that attempt may have created the return; spec 4.8 rule 4).
 */
export function returnDraftPolicy(deps: ReturnDraftPolicyDeps): DraftPolicy {
  return {
    create(raw) {
      const value = ReturnDraft.parse(raw);
      return {
        ...value,
        referenceId: value.referenceId || newReturnReferenceId(deps.clock.now()),
        fulfillmentCenter: value.fulfillmentCenter ?? deps.defaultFulfillmentCenter(),
        submitAttempts: 0,
        editOf: null,
      };
    },
    merge(previousRaw, nextRaw) {
      const previous = ReturnDraft.parse(previousRaw);
      const next = ReturnDraft.parse(nextRaw);
      const locked = previous.submitAttempts > 0 || previous.editOf !== null;
      if (locked && next.referenceId !== previous.referenceId) {
        throw appError(
          'invalid_input',
          'errors.returns.referenceFixed',
          { referenceId: previous.referenceId },
          {
            fieldErrors: { referenceId: [englishWords.t('errors.returns.referenceFixedField')] },
          },
        );
      }
      return { ...next, referenceId: next.referenceId || previous.referenceId, submitAttempts: previous.submitAttempts, editOf: previous.editOf };
    },
    title(raw) {
      const value = ReturnDraft.safeParse(raw);
      if (!value.success) return 'Return';
      const d = value.data;
      const lines = countOf(d.lines.length, 'line');
      return `${d.editOf !== null ? `Changes to return ${d.editOf}` : `Return ${d.referenceId}`}${d.trackingNumber ? `, tracking ${d.trackingNumber}` : ''}, ${lines}`;
    },
  };
}
