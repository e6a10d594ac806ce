import { useId } from 'react';
import { axisNaira, CHART_BOX, chartLayout, shortDay, type DayTotal } from '~/lib/admin/admin-chart';
import { formatNaira } from '~/lib/money';
import { TableHead } from './table-head';

/**
 * Paid revenue per day as a server-rendered SVG bar chart (no script). Screen readers get its title and a
 * one-line summary; the figures themselves are in the table under it (a <details>, open without JavaScript).
 */
export function RevenueChart({ series }: { series: DayTotal[] }) {
  const id = useId();
  const layout = chartLayout(series);
  const total = series.reduce((sum, point) => sum + point.total, 0);
  const best = series.reduce<DayTotal | null>(
    (top, point) => (point.total > 0 && (!top || point.total > top.total) ? point : top),
    null,
  );
  const first = series[0]?.day;
  const last = series[series.length - 1]?.day;
  const summary = best
    ? `${formatNaira(total)} paid from ${shortDay(first)} to ${shortDay(last)}; ` +
      `best day ${shortDay(best.day)} with ${formatNaira(best.total)}.`
    : `No paid orders from ${first ? shortDay(first) : ''} to ${last ? shortDay(last) : ''}.`;
  // Every 7th day is labelled, counted back from today so today always has a label.
  const labelled = new Set(series.map((_, i) => i).filter((i) => (series.length - 1 - i) % 7 === 0));

  // The table follows the figure rather than sitting inside it: a <figcaption> comes first or last in its figure.
  return (
    <>
      <figure>
        <svg
          viewBox={`0 0 ${CHART_BOX.width} ${CHART_BOX.height}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="h-auto w-full"
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={`${id}-title`}>{`Paid revenue per day, last ${series.length} days`}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {layout.ticks.map((tick) => (
            <g key={tick.value}>
              <line
                x1={layout.plot.left}
                x2={layout.plot.left + layout.plot.width}
                y1={tick.y}
                y2={tick.y}
                className="stroke-line"
                strokeWidth={1}
              />
              <text
                x={layout.plot.left - 6}
                y={tick.y}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-muted text-[10px]"
              >
                {axisNaira(tick.value)}
              </text>
            </g>
          ))}
          {layout.bars.map((bar, i) => (
            <g key={bar.day}>
              {bar.height > 0 ? (
                <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="fill-ink">
                  <title>{`${shortDay(bar.day)}: ${formatNaira(bar.total)}`}</title>
                </rect>
              ) : null}
              {labelled.has(i) ? (
                <text
                  x={bar.x + bar.width / 2}
                  y={CHART_BOX.height - 8}
                  textAnchor="middle"
                  className="fill-muted text-[10px]"
                >
                  {shortDay(bar.day)}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
        <figcaption className="mt-2 text-sm text-muted">{summary}</figcaption>
      </figure>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-xs font-medium uppercase tracking-widest">
          Revenue by day as a table
        </summary>
        <table className="mt-3 w-full max-w-sm text-left">
          <caption className="sr-only">Paid revenue per day</caption>
          <TableHead cell="py-1 font-medium" columns={['Day', { label: 'Paid revenue', right: true }]} />
          <tbody>
            {[...series].reverse().map((point) => (
              <tr key={point.day} className="border-b border-line/60">
                <th scope="row" className="py-1 font-normal">
                  <time dateTime={point.day}>{shortDay(point.day)}</time>
                </th>
                <td className="py-1 text-right tabular-nums">{formatNaira(point.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
