import { describe, expect, it } from 'vitest';
import { returnServiceQuery } from '../../areas/returns/core/list-query.js';
import { ReturnsSearch } from '../../areas/returns/ui/search.js';
import { returnChannels } from '../../areas/returns/common/ipc.js';
import { findQueries } from '../../areas/returns/common/find.js';

describe('the returns list address', () => {
  it('reads every filter and falls back to defaults for parts that do not parse', () => {
    expect(ReturnsSearch.parse({ status: 'AwaitingArrival', fc: '12', from: '2026-11-01', to: '2026-11-20', q: ' RMA-1 ', dir: 'asc', page: '3' })).toEqual({
      status: 'AwaitingArrival',
      fc: 12,
      from: '2026-11-01',
      to: '2026-11-20',
      q: 'RMA-1',
      dir: 'asc',
      page: 3,
    });
    expect(ReturnsSearch.parse({ status: 'Awaiting', fc: 'x', from: '2026-13-01', dir: 'up', page: '0', q: '' })).toEqual({});
  });

  it('turns whole local days into the service\'s exclusive "created after" and "created before"', () => {
    const f = returnServiceQuery({ from: '2026-11-01', to: '2026-11-20' });
    // Created after a millisecond before the first day's local midnight, before the midnight after the last day.
    expect(new Date(f.startDate!).getTime()).toBe(new Date(2026, 10, 1).getTime() - 1);
    expect(new Date(f.endDate!).getTime()).toBe(new Date(2026, 10, 21).getTime());
    expect(returnServiceQuery({}).sortOrder).toBe('Desc');
    expect(returnServiceQuery({ dir: 'asc', status: 'Cancelled', fc: 3 })).toEqual({ status: 'Cancelled', fulfillmentCenterIds: [3], sortOrder: 'Asc' });
  });

  it('is what the list asks main for, without its page: the channel takes the address as it stands', () => {
    const { page, ...search } = ReturnsSearch.parse({ status: 'Completed', fc: '4', from: '2026-11-01', q: 'RMA-7', dir: 'asc', page: '2' });
    expect(page).toBe(2);
    expect(returnChannels['returns.list'].input.parse({ ...search, cursor: null })).toEqual({ ...search, limit: 50, cursor: null });
    expect(returnChannels['returns.list'].input.safeParse({ status: 'Lost' }).success).toBe(false);
  });

  it('looks a Find text up as a reference id (up to 50 characters) and a tracking number (up to 100)', () => {
    expect(findQueries(' RMA-20001 ')).toEqual({ referenceId: 'RMA-20001', trackingNumber: 'RMA-20001' });
    expect(findQueries('1Z'.padEnd(60, '9'))).toEqual({ trackingNumber: '1Z'.padEnd(60, '9') });
    // A comma separates values in the service's filters; control characters come from GS1 data, not from either.
    expect(findQueries('A,B')).toEqual({});
    expect(findQueries('01\u001d10')).toEqual({});
  });
});
