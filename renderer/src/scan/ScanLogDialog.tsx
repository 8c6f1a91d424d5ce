import { useMemo, useState } from 'react';
import { visibleControls } from '../../../shared/scan/router';
import { formatTimeToSecond } from '../format';
import { useT, type Translate } from '../i18n/useT';
import { DataTable, type DataColumn, type SortingState } from '../ui/DataTable';
import { Dialog } from '../ui/Dialog';
import { SCAN_LOG_LIMIT, useScanLog, type ScanLogEntry } from './scanLog';

const columns = (t: Translate): DataColumn<ScanLogEntry>[] => [
  {
    id: 'at',
    header: t('scan.log.col.time'),
    accessorFn: (e) => e.at.getTime(),
    sortFn: 'basic',
    cell: (c) => formatTimeToSecond(c.row.original.at),
    meta: { width: '7em' },
  },
  {
    id: 'code',
    header: t('scan.log.col.code'),
    accessorFn: (e) => visibleControls(e.raw),
    enableSorting: false,
    cell: (c) => (
      <code className="scan-code" title={visibleControls(c.row.original.raw)}>
        {visibleControls(c.row.original.raw)}
      </code>
    ),
    meta: { width: '34%' },
  },
  { id: 'symbology', header: t('scan.log.col.symbology'), accessorFn: (e) => e.symbology ?? '—', enableSorting: false, meta: { width: '8em' } },
  {
    id: 'result',
    header: t('scan.log.col.result'),
    accessorFn: (e) => e.result(t),
    enableSorting: false,
    cell: (c) => (
      <span className={`scan-result scan-result-${c.row.original.outcome}`} title={c.row.original.result(t)}>
        {c.row.original.result(t)}
      </span>
    ),
  },
];

/** The last 50 scans and what became of each (Alt+L, or the scan log action in Ctrl+K). */
export function ScanLogDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const entries = useScanLog();
  const [sorting, setSorting] = useState<SortingState>([{ id: 'at', desc: true }]);
  const { t } = useT();
  const shownColumns = useMemo(() => columns(t), [t]);
  return (
    <Dialog title={t('scan.log.title')} isOpen={isOpen} onOpenChange={onOpenChange} wide>
      <p className="dialog-hint">{t('scan.log.hint', { count: SCAN_LOG_LIMIT })}</p>
      {entries.length === 0 ? (
        <p className="state">{t('scan.log.empty')}</p>
      ) : (
        <div className="scan-log-table">
          <DataTable
            label={t('scan.log.label')}
            columns={shownColumns}
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
