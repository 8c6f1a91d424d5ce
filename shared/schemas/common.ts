import { z } from 'zod';

/** ISO 8601 date-time as the service sends it (UTC, with offset or Z). */
export const DateTime = z.iso.datetime({ offset: true });

/** RFC 7807 problem details, as the service answers auth failures, unknown paths and some validations. */
export const ProblemDetails = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  status: z.number().int().optional(),
  detail: z.string().optional(),
  instance: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;

/** Header paging, as the receiving list answers it (API notes, Receiving). */
export const PagingHeaders = {
  pageNumber: 'page-number',
  pageSize: 'page-size',
  totalPages: 'total-pages',
  totalCount: 'total-count',
  nextPage: 'next-page',
} as const;

export const PageInfo = z.object({
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  totalPages: z.number().int().min(0),
  totalCount: z.number().int().min(0),
});
export type PageInfo = z.infer<typeof PageInfo>;

/**
 * A place's name, street address and contact as the published documents give them, every field
 * nullable: a fulfillment center (`Receiving.FulfillmentCenterViewModel`) and a location's service
 * address (`Locations.AddressViewModel`) both carry these.
 */
export const placeFields = {
  name: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
};
