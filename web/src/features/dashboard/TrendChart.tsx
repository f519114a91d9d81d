import type { Dashboard } from '@shared/schemas/dashboard';
import type { NavigateOptions } from 'react-router';
import { Link } from '../../components/ui';
import { enrolledHref, monthName, type EnrolmentStatus } from './enrolled-links';

const SERIES = [
  { key: 'enrolled', label: 'Enrolled', className: 'dashboard-series-enrolled' },
  { key: 'Completed', label: 'Completed', className: 'dashboard-series-completed' },
  { key: 'Withdrawn', label: 'Withdrawn', className: 'dashboard-series-withdrawn' },
] as const;

const WIDTH = 960;
const HEIGHT = 180;
const AXIS = 24;

const ENDED_COLUMNS = ['Completed', 'Withdrawn', 'Discontinued'] as const satisfies readonly EnrolmentStatus[];

const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A month's figure: its number links to the enrolments it counts, unless there are none. */
function MonthFigure({ count, href, label, routerOptions }: { count: number; href: string; label: string; routerOptions?: NavigateOptions }) {
  if (count === 0) return <>0</>;
  return (
    <Link href={href} routerOptions={routerOptions} aria-label={label}>
      {count}
    </Link>
  );
}

/**
 * The last twelve months as grouped columns (enrolled, completed, withdrawn), drawn in SVG and
 * hidden from screen readers: the table after it holds every number, Discontinued included, each
 * linked to the enrolments it counts in `scopeId`.
 */
export function TrendChart({ trends, scopeId, routerOptions }: { trends: Dashboard['trends']; scopeId: string; routerOptions?: NavigateOptions }) {
  const largest = Math.max(1, ...trends.flatMap((month) => SERIES.map((series) => month[series.key])));
  const slot = WIDTH / trends.length;
  const bar = (slot - 8) / SERIES.length;
  return (
    <figure className="dashboard-trend">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} className="dashboard-trend-chart" aria-hidden="true" focusable="false">
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="dashboard-trend-axis" />
        {trends.map((month, index) => (
          <g key={month.month} transform={`translate(${index * slot + 4}, 0)`}>
            {SERIES.map((series, position) => {
              const height = (month[series.key] / largest) * (HEIGHT - 8);
              return <rect key={series.key} x={position * bar} y={HEIGHT - height} width={Math.max(1, bar - 2)} height={height} className={series.className} />;
            })}
            <text x={(slot - 8) / 2} y={HEIGHT + 16} textAnchor="middle" className="dashboard-trend-label">
              {monthLabel(month.month)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="dashboard-legend">
        {SERIES.map((series) => (
          <span key={series.key} className="dashboard-legend-item">
            <span className={`dashboard-legend-swatch ${series.className}`} aria-hidden="true" />
            {series.label}
          </span>
        ))}
      </figcaption>
      <table className="dashboard-trend-table">
        <caption>Enrolments per month, the last 12 months</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Enrolled</th>
            <th scope="col">Completed</th>
            <th scope="col">Withdrawn</th>
            <th scope="col">Discontinued</th>
          </tr>
        </thead>
        <tbody>
          {trends.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month)}</th>
              <td>
                <MonthFigure
                  count={month.enrolled}
                  href={enrolledHref(scopeId, { month: month.month })}
                  label={`${month.enrolled} enrolled in ${monthName(month.month)}: show them`}
                  routerOptions={routerOptions}
                />
              </td>
              {ENDED_COLUMNS.map((status) => (
                <td key={status}>
                  <MonthFigure
                    count={month[status]}
                    href={enrolledHref(scopeId, { status, month: month.month })}
                    label={`${month[status]} ${status.toLowerCase()} in ${monthName(month.month)}: show them`}
                    routerOptions={routerOptions}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
