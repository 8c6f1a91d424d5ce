import { z } from 'zod';
import { publishedObject } from './published.js';

const DateOnly = z.iso.date();

export const InvoiceType = z.enum(['Shipping', 'WarehouseStorage', 'Inbound Fee', 'Return', 'AdditionalFee', 'Credits']);

/** Spec 2.10 (Experimental), camelCase as the spec gives it. */
export const Invoice = z.object({
  invoiceId: z.number().int(),
  invoiceType: z.string(),
  invoiceDate: DateOnly,
  amount: z.number(),
  currencyCode: z.string(),
  runningBalance: z.number(),
});

export const Transaction = z.object({
  transactionId: z.string(),
  transactionType: z.string(),
  transactionFee: z.string(),
  amount: z.number(),
  currencyCode: z.string(),
  chargeDate: DateOnly,
  invoiceDate: DateOnly,
  invoiceId: z.number().int(),
  invoiceType: z.string(),
  invoicedStatus: z.boolean(),
  referenceId: z.string(),
  referenceType: z.string(),
  fulfillmentCenter: z.string(),
  additionalDetails: z.record(z.string(), z.string()),
  taxes: z.array(z.object({ taxAmount: z.number(), taxRate: z.number(), taxType: z.string() })),
});

/**
 * From 2025-07 billing is snake_case as published (API notes, Superseded): invoices, transactions,
 * the transaction query and the fee list.
 */
export const InvoiceTypeV3 = z.enum(['Shipping', 'Inbound Fee', 'WarehouseStorage', 'AdditionalFee', 'Return', 'Credits', 'BalanceAdjustment', 'Payment']);
export const TransactionType = z.enum(['Charge', 'Refund', 'Credit', 'Payment', 'BalanceAdjustment']);
export const ReferenceType = z.enum(['Shipment', 'Return', 'WRO', 'URO', 'Ticket Number', 'FC', 'LPN Reference', 'Transfer Plan']);

export const InvoiceV3 = publishedObject(null, {
  invoice_id: z.number().int(),
  // 2025-07 publishes these three as free strings, 2026-01 as the enums above: a client accepts both.
  invoice_type: z.string().nullable(),
  invoice_date: z.string().nullable(),
  amount: z.number(),
  currency_code: z.string().nullable(),
  running_balance: z.number(),
});
export const TransactionV3 = publishedObject(null, {
  transaction_id: z.string().nullable(),
  transaction_type: z.string().nullable(),
  transaction_fee: z.string().nullable(),
  amount: z.number().nullable(),
  currency_code: z.string().nullable(),
  charge_date: z.string().nullable(),
  invoice_date: z.string().nullable(),
  invoice_id: z.number().int().nullable(),
  invoice_type: z.string().nullable(),
  invoiced_status: z.boolean().nullable(),
  reference_id: z.string().nullable(),
  reference_type: z.string().nullable(),
  fulfillment_center: z.string().nullable(),
  additional_details: z.record(z.string(), z.unknown()).nullable(),
  taxes: z.array(publishedObject(null, { tax_amount: z.number(), tax_rate: z.number(), tax_type: z.string().nullable() })).nullable(),
});
const cursorPageOf = <T extends z.ZodType>(item: T) =>
  publishedObject(null, {
    items: z.array(item).nullable(),
    first: z.string().nullable(),
    last: z.string().nullable(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
  });
export const InvoicePageV3 = cursorPageOf(InvoiceV3);
export const TransactionPageV3 = cursorPageOf(TransactionV3);

export const TransactionFees = publishedObject(null, { fee_list: z.array(z.string()).nullable() });
export const TransactionsQuery = z.object({
  invoice_ids: z.array(z.string()).nullable().optional(),
  invoiced_status: z.boolean().nullable().optional(),
  reference_ids: z.array(z.string()).nullable().optional(),
  reference_types: z
    .array(z.enum(['Shipment', 'Return', 'WRO', 'URO']))
    .nullable()
    .optional(),
  transaction_fees: z.array(z.string()).nullable().optional(),
  transaction_types: z.array(TransactionType).nullable().optional(),
  from_date: z.iso.datetime({ offset: true }).nullable().optional(),
  to_date: z.iso.datetime({ offset: true }).nullable().optional(),
  sort_order: z.enum(['Ascending', 'Descending']).optional(),
  page_size: z.number().int().min(1).max(1000).optional(),
});
