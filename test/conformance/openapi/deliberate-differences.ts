/**
 * Where the emulator deliberately answers other than a published document, because the spec
 * (which wins over the documents) decides otherwise. The table "Deliberate differences from the
 * published documents" in docs/emulator.md lists the same rows; a test keeps the two in step.
 */
export interface DeliberateDifference {
  /** `METHOD /published/template`. */
  operation: string;
  /** The spec section that decides it, e.g. `spec 4.8`. */
  spec: string;
  /** What differs, in a few words. */
  what: string;
  /** True when the operation gets no success case at all because of it. */
  noSuccessCase?: boolean;
}

const trackingTopic = 'the topic order.shipment.tracking_received is accepted and listed (missing from the published enum)';
const optionalAction = 'requested_action may be left out: the item default applies (the published request requires it)';

export const DELIBERATE_DIFFERENCES: readonly DeliberateDifference[] = [
  { operation: 'POST /2025-07/webhook', spec: 'spec 6', what: trackingTopic },
  { operation: 'POST /2026-01/webhook', spec: 'spec 6', what: trackingTopic },
  { operation: 'GET /2025-07/webhook', spec: 'spec 6', what: trackingTopic },
  { operation: 'GET /2026-01/webhook', spec: 'spec 6', what: trackingTopic },
  { operation: 'POST /2025-07/return', spec: 'spec 4.8', what: optionalAction },
  { operation: 'POST /2026-01/return', spec: 'spec 4.8', what: optionalAction },
  { operation: 'PUT /2025-07/return/{id}', spec: 'spec 4.8', what: optionalAction },
  { operation: 'PUT /2026-01/return/{id}', spec: 'spec 4.8', what: optionalAction },
];
