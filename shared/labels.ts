import type { z } from 'zod';
import type { CandidateReason } from './ipc/unidentified.js';
import type { TransactionType } from './schemas/billing.js';
import type { EventCategory } from './schemas/inventory.js';
import type { OrderStatus, ShipmentStatus, TrackingStatus } from './schemas/orders.js';
import type { OutboxState } from './schemas/outbox.js';
import type { ThemeChoice } from './schemas/preferences.js';
import type { BoxPackagingType, BoxStatus, DistributionStatus, PackageType, ReceivingStatus } from './schemas/receiving.js';
import type { ReturnAction, ReturnStatus, ReturnType } from './schemas/returns.js';
import type { Connectivity, EnvironmentKind, SessionStatus } from './schemas/session.js';

/**
 * The one table of words the desk shows for the service's enum values (and the few of its own).
 * A value is read in half a second between two scans, so every one has a warehouse word here
 * rather than the service's identifier; `test/unit/labels.test.ts` walks every enum the schemas
 * allow and fails when one is neither labelled here nor listed there as never shown.
 *
 * Each table is typed against its enum, so a value added to a schema without a label is a
 * compile error as well.
 */
type Words<E extends z.ZodEnum> = Record<z.infer<E>, string>;

export const LABELS = {
  ReceivingStatus: {
    Awaiting: 'Awaiting',
    Processing: 'Processing',
    Completed: 'Completed',
    Cancelled: 'Cancelled',
    Incomplete: 'Incomplete',
    Arrived: 'Arrived',
    PartiallyArrived: 'Partly arrived',
    PartiallyArrivedAtHub: 'Partly arrived at hub',
    ArrivedAtHub: 'Arrived at hub',
    ProcessingAtHub: 'Processing at hub',
    InternalTransfer: 'Transfer between centers',
  } satisfies Words<typeof ReceivingStatus>,
  BoxStatus: {
    Awaiting: 'Awaiting',
    Arrived: 'Arrived',
    Counting: 'Being counted',
    Stowing: 'Being stowed',
    Completed: 'Completed',
    Cancelled: 'Cancelled',
    InternalTransfer: 'Transfer between centers',
  } satisfies Words<typeof BoxStatus>,
  DistributionStatus: {
    NotStarted: 'Not started',
    InProgress: 'In progress',
    Stowing: 'Being stowed',
    Completed: 'Completed',
  } satisfies Words<typeof DistributionStatus>,
  PackageType: {
    Package: 'Parcel',
    Pallet: 'Pallet',
    FloorLoadedContainer: 'Floor-loaded container',
  } satisfies Words<typeof PackageType>,
  BoxPackagingType: {
    EverythingInOneBox: 'Everything in one box',
    OneSkuPerBox: 'One SKU per box',
    MultipleSkuPerBox: 'Several SKUs per box',
  } satisfies Words<typeof BoxPackagingType>,
  ReturnStatus: {
    AwaitingArrival: 'Awaiting arrival',
    Arrived: 'Arrived',
    Processing: 'Processing',
    Completed: 'Completed',
    Cancelled: 'Cancelled',
  } satisfies Words<typeof ReturnStatus>,
  ReturnType: {
    Regular: 'Customer return',
    ReturnToSender: 'Returned to sender',
  } satisfies Words<typeof ReturnType>,
  ReturnAction: {
    Default: 'Default',
    Restock: 'Restock',
    Quarantine: 'Quarantine',
    Dispose: 'Dispose',
  } satisfies Words<typeof ReturnAction>,
  PrintJobState: {
    queued: 'Waiting its turn',
    sending: 'Sending',
    printed: 'Printed',
    'not-sent': 'Not sent',
    'stopped-after': 'Taken, printer stopped',
    unsure: 'May not have printed',
    'to-browser': 'In the browser’s print dialog',
  },
  EventCategory: {
    OrderPicked: 'Picked for an order',
    InventoryAdjusted: 'Count adjusted',
    InventoryFacilityUpdated: 'Moved between locations',
    AttributeUpdated: 'Details changed',
    InventoryReceived: 'Received',
    InventoryRestocked: 'Restocked',
    ReceivingStow: 'Stowed from receiving',
    KittingStow: 'Stowed from kitting',
  } satisfies Words<typeof EventCategory>,
  OrderStatus: {
    Processing: 'Processing',
    Exception: 'Needs attention',
    PartiallyFulfilled: 'Partly shipped',
    Fulfilled: 'Shipped',
    Cancelled: 'Cancelled',
    ImportReview: 'Import under review',
  } satisfies Words<typeof OrderStatus>,
  ShipmentStatus: {
    None: 'Not started',
    Processing: 'Processing',
    Completed: 'Shipped',
    Exception: 'Needs attention',
    OnHold: 'On hold',
    Cancelled: 'Cancelled',
    CleanSweeped: 'Cleared',
    LabeledCreated: 'Label created',
    ImportReview: 'Import under review',
  } satisfies Words<typeof ShipmentStatus>,
  TrackingStatus: {
    'Available for Pickup': 'Ready for pickup',
    Cancelled: 'Cancelled',
    Delivered: 'Delivered',
    'Delivery attempt Failed': 'Delivery attempt failed',
    DeliveryException: 'Delivery problem',
    Exception: 'Problem in transit',
    Failed: 'Failed',
    InTransit: 'In transit',
    PreTransit: 'Not yet with the carrier',
    'Return to sender': 'Returning to sender',
  } satisfies Words<typeof TrackingStatus>,
  TransactionType: {
    Charge: 'Charge',
    Refund: 'Refund',
    Credit: 'Credit',
    Payment: 'Payment',
    BalanceAdjustment: 'Balance adjustment',
  } satisfies Words<typeof TransactionType>,
  OutboxState: {
    queued: 'Waiting to send',
    sending: 'Sending',
    waiting: 'Waiting for the service',
    held: 'Held',
    failed: 'Refused',
    sent: 'Sent',
  } satisfies Words<typeof OutboxState>,
  Connectivity: {
    online: 'Online',
    degraded: 'Service slow or failing',
    offline: 'Offline',
  } satisfies Words<typeof Connectivity>,
  SessionStatus: {
    'signed-out': 'Signed out',
    'signing-in': 'Signing in',
    'signed-in': 'Signed in',
  } satisfies Words<typeof SessionStatus>,
  EnvironmentKind: {
    local: 'Built-in practice service',
    sandbox: 'Sandbox',
    production: 'Production',
    custom: 'Custom',
  } satisfies Words<typeof EnvironmentKind>,
  CandidateReason: {
    tracking: 'box tracking matches',
    id: 'order id matches',
    'purchase-order': 'PO number matches',
    'same-center': 'same center',
  } satisfies Words<typeof CandidateReason>,
  ThemeChoice: {
    system: 'As the system',
    light: 'Light',
    dark: 'Dark',
  } satisfies Words<typeof ThemeChoice>,
} as const;

export type LabelKind = keyof typeof LABELS;

/**
 * The desk's word for a value of one of the enums above. A value the service added after this
 * build is shown as the service wrote it, spaced ("NewStatus" → "New status"), never as blank.
 */
export function labelOf(kind: LabelKind, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const words = LABELS[kind] as Record<string, string>;
  return Object.hasOwn(words, value) ? words[value]! : spaced(value);
}

function spaced(identifier: string): string {
  const words = identifier.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
