import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReceivingOrder } from '../../../shared/schemas/receiving';
import { call, errorMessage } from '../bridge/dockdesk';
import { formatCount, formatDate, humanize } from '../format';

const PAGE_SIZE = 50;

function totals(order: ReceivingOrder) {
  return order.inventory_quantities.reduce(
    (t, q) => ({ expected: t.expected + q.expected_quantity, received: t.received + q.received_quantity, stowed: t.stowed + q.stowed_quantity }),
    { expected: 0, received: 0, stowed: 0 },
  );
}

/** Warehouse receiving orders, newest first, one page at a time. */
export function ReceivingWorkspace() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['receiving', 'list', page],
    queryFn: ({ signal }) => call('receiving.list', { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="workspace" aria-labelledby="receiving-title">
      <header className="workspace-header">
        <h1 id="receiving-title">Receiving</h1>
        <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </header>
      {query.isPending ? (
        <p className="state" role="status">
          Loading receiving orders…
        </p>
      ) : query.isError ? (
        <div className="state error" role="alert">
          <p>Receiving orders could not be loaded: {errorMessage(query.error)}</p>
          <button type="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : query.data.items.length === 0 ? (
        <p className="state" role="status">
          No receiving orders yet. Orders created in the service appear here.
        </p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="grid" aria-label="Warehouse receiving orders" aria-rowcount={query.data.pageInfo.totalCount + 1}>
              <thead>
                <tr>
                  <th scope="col">WRO</th>
                  <th scope="col">Status</th>
                  <th scope="col">Fulfillment center</th>
                  <th scope="col">PO number</th>
                  <th scope="col">Expected arrival</th>
                  <th scope="col" className="num">Expected</th>
                  <th scope="col" className="num">Received</th>
                  <th scope="col" className="num">Stowed</th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((order, index) => {
                  const t = totals(order);
                  return (
                    <tr key={order.id} aria-rowindex={(page - 1) * PAGE_SIZE + index + 2}>
                      <td>{order.id}</td>
                      <td>
                        <span className={`status status-${order.status}`}>{humanize(order.status)}</span>
                      </td>
                      <td>{order.fulfillment_center.name}</td>
                      <td>{order.purchase_order_number ?? '—'}</td>
                      <td>{formatDate(order.expected_arrival_date)}</td>
                      <td className="num">{formatCount(t.expected)}</td>
                      <td className="num">{formatCount(t.received)}</td>
                      <td className="num">{formatCount(t.stowed)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Receiving pages">
            <button type="button" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
              Previous
            </button>
            <span>
              Page {query.data.pageInfo.page} of {Math.max(1, query.data.pageInfo.totalPages)} · {formatCount(query.data.pageInfo.totalCount)} orders
            </span>
            <button type="button" onClick={() => setPage((p) => p + 1)} disabled={page >= query.data.pageInfo.totalPages}>
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
