import { z } from 'zod';

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

export const TransactionFee = z.object({ fee_type: z.string(), description: z.string(), amount: z.number(), currency_code: z.string() });
export const TransactionsQuery = z.object({
  invoice_ids: z.array(z.number().int()).optional(),
  transaction_types: z.array(z.string()).optional(),
  from_date: z.iso.datetime({ offset: true }).optional(),
  to_date: z.iso.datetime({ offset: true }).optional(),
  page_size: z.number().int().min(1).max(1000).optional(),
  cursor: z.string().optional(),
});
