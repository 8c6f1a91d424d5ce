import { useState } from 'react';
import { visibleControls } from '../../../shared/scan/router';
import { formatTimeToSecond } from '../format';
import { DataTable, type DataColumn, type SortingState } from '../ui/DataTable';
import { Dialog } from '../ui/Dialog';
import { SCAN_LOG_LIMIT, useScanLog, type ScanLogEntry } from './scanLog';

const columns: DataColumn<ScanLogEntry>[] = [
  { id: 'at', header: 'Time', accessorFn: (e) => e.at.getTime(), sortFn: 'basic', cell: (c) => formatTimeToSecond(c.row.original.at), meta: { width: '7em' } },
  {
    id: 'code',
    header: 'Code (control characters shown)',
    accessorFn: (e) => visibleControls(e.raw),
    enableSorting: false,
    cell: (c) => (
      <code className="scan-code" title={visibleControls(c.row.original.raw)}>
        {visibleControls(c.row.original.raw)}
      </code>
    ),
    meta: { width: '34%' },
  },
  { id: 'symbology', header: 'Symbology', accessorFn: (e) => e.symbology ?? '—', enableSorting: false, meta: { width: '8em' } },
  {
    id: 'result',
    header: 'Result',
    accessorFn: (e) => e.result,
    enableSorting: false,
    cell: (c) => (
      <span className={`scan-result scan-result-${c.row.original.outcome}`} title={c.row.original.result}>
        {c.row.original.result}
      </span>
    ),
  },
];

/** The last 50 scans and what became of each (Alt+L, or the scan log action in Ctrl+K). */
export function ScanLogDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const entries = useScanLog();
  const [sorting, setSorting] = useState<SortingState>([{ id: 'at', desc: true }]);
  return (
    <Dialog title="Scan log" isOpen={isOpen} onOpenChange={onOpenChange} wide>
      <p className="dialog-hint">The last {SCAN_LOG_LIMIT} scans of this session, newest first.</p>
      {entries.length === 0 ? (
        <p className="state">No scans yet. Scan a barcode anywhere in Dockdesk.</p>
      ) : (
        <div className="scan-log-table">
          <DataTable
            label="Scans"
            columns={columns}
            data={[...entries]}
            getRowId={(e) => String(e.id)}
            sorting={sorting}
            onSortingChange={setSorting}
            totalRows={entries.length}
            firstRowIndex={0}
          />
        </div>
      )}
    </Dialog>
  );
}
