import { Skeleton } from '@/components/ui/skeleton';
import './content-admin.css';

interface TableSkeletonProps {
  /** What is loading, read out to screen readers: "Cargando sets". */
  label: string;
  columns: number;
  rows?: number;
  /** Stands for a narrow table (Most Wanted's), whose breakpoint it shares (content-admin.css). */
  narrow?: boolean;
}

/** The admin tables' loading state: the table's frame with grey rows where the data will be, stacked as the rows are on a phone. */
export function TableSkeleton({ label, columns, rows = 5, narrow = false }: TableSkeletonProps) {
  return (
    <div className={narrow ? 'ca-table-wrap ca-table-wrap--narrow' : 'ca-table-wrap'} role="status" aria-busy="true" aria-label={label}>
      <table className="ca-table ca-table--stack">
        <tbody>
          {Array.from({ length: rows }, (_row, row) => (
            <tr key={row}>
              {Array.from({ length: columns }, (_cell, cell) => (
                <td key={cell}>
                  <Skeleton width={cell === 0 ? '60%' : '80%'} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
