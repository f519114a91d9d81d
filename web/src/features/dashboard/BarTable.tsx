import type { ReactNode } from 'react';
import type { NavigateOptions } from 'react-router';
import { Link } from '../../components/ui';

export interface BarRow {
  key: string;
  label: ReactNode;
  value: number;
  /** The list behind the figure: the number links to it, named for a screen reader's list of links. */
  link?: { href: string; label: string; routerOptions?: NavigateOptions };
}

export interface BarTableProps {
  caption: string;
  /** The first column's heading. */
  itemHeading: string;
  /** The figure's heading. */
  valueHeading: string;
  rows: BarRow[];
}

/**
 * A figure as a table whose rows carry a bar: the numbers are the table (what a screen reader
 * reads), the bars only draw them, scaled to the largest row.
 */
export function BarTable({ caption, itemHeading, valueHeading, rows }: BarTableProps) {
  const largest = Math.max(1, ...rows.map((row) => row.value));
  return (
    <table className="dashboard-bars">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{itemHeading}</th>
          <th scope="col" className="dashboard-bars-value">
            {valueHeading}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td className="dashboard-bars-value">
              <span className="dashboard-bar" aria-hidden="true">
                <span className="dashboard-bar-fill" style={{ width: `${(row.value / largest) * 100}%` }} />
              </span>
              {row.link ? (
                <Link className="dashboard-bar-number" href={row.link.href} routerOptions={row.link.routerOptions} aria-label={row.link.label}>
                  {row.value}
                </Link>
              ) : (
                <span className="dashboard-bar-number">{row.value}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
