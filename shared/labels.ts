import type { MessageArgs } from './i18n/messages.generated.js';
/**
 * The desk's word for each value of the service's enums (and the few of its own) that a clerk reads:
 * one select message per enum in shared/i18n/messages/<lang>/labels.json, so a value is read in the
 * clerk's language, in half a second between two scans, as a warehouse word rather than the
 * service's identifier. `test/unit/labels.test.ts` walks every enum the schemas allow and fails when
 * a value is neither worded in English nor its enum listed there as never shown.
 */
export const LABEL_MESSAGES = {
  ReceivingStatus: 'label.ReceivingStatus',
  BoxStatus: 'label.BoxStatus',
  DistributionStatus: 'label.DistributionStatus',
  PackageType: 'label.PackageType',
  BoxPackagingType: 'label.BoxPackagingType',
  ReturnStatus: 'label.ReturnStatus',
  ReturnType: 'label.ReturnType',
  ReturnAction: 'label.ReturnAction',
  PrintJobState: 'label.PrintJobState',
  TransactionType: 'label.TransactionType',
  OutboxState: 'label.OutboxState',
} as const satisfies Record<string, keyof MessageArgs>;

export type LabelKind = keyof typeof LABEL_MESSAGES;

/** What a field without a value shows. */
export const NO_VALUE = '—';

/**
 * The arguments of a label message. ICU select keys take no spaces, so a value ("Available for
 * Pickup") is its select key with `_` for anything else; a value the service added after this build
 * reads as the service wrote it, spaced ("NewStatus" → "New status"), never blank.
 */
export function labelArgs(value: string): { value: string; fallback: string } {
  return { value: selectKey(value), fallback: spaced(value) };
}

export function selectKey(value: string): string {
  return value.replace(/[^A-Za-z0-9_]/g, '_');
}

function spaced(identifier: string): string {
  const words = identifier.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
