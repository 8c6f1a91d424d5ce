import type { Translate } from '../i18n/useT';
import type { Choice } from './Select';

/** A fulfillment center as the lists give it: its id, and its name where the service has one. */
export interface NamedCenter {
  id: number | string;
  name?: string | null | undefined;
}

export interface CenterChoiceOptions {
  /** A first choice that stands for every center, with the caller's id and words ("All centers"). */
  all?: Choice<string> | undefined;
  /**
   * The center chosen now. Kept as a choice when the list does not name it (an old address, a draft
   * restored after the list changed, a list not read yet), so the field still shows what is chosen.
   */
  chosen?: NamedCenter | null | undefined;
  /** Where that kept center goes among the centers: after them (the default) or before them. */
  chosenAt?: 'start' | 'end' | undefined;
}

/**
 * A center in words: its name, or "Center 7" where the service gave none. The id is said as it is
 * written (no digit grouping): it is a reference the clerk may type or read to support, not a count.
 */
export function centerLabel(t: Translate, center: NamedCenter): string {
  return center.name ?? t('ui.centerId', { id: String(center.id) });
}

/**
 * The choices of a fulfillment-center field: each center by its name (its id only where it has none),
 * the id as the choice's value. Every center field builds them here, so they read alike across areas.
 */
export function centerChoices(t: Translate, centers: readonly NamedCenter[], options: CenterChoiceOptions = {}): Choice<string>[] {
  const { all, chosen, chosenAt = 'end' } = options;
  const listed = centers.map((c) => ({ id: String(c.id), label: centerLabel(t, c) }));
  const chosenId = chosen ? String(chosen.id) : null;
  const known = chosenId === null || chosenId === all?.id || listed.some((c) => c.id === chosenId);
  const kept = chosen && !known ? [{ id: String(chosen.id), label: centerLabel(t, chosen) }] : [];
  return [...(all ? [all] : []), ...(chosenAt === 'start' ? [...kept, ...listed] : [...listed, ...kept])];
}
