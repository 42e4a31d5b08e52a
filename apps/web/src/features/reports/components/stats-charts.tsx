// The admin overview's charts: the shared DayChart (uPlot, about 50 KB), loaded only by this module, which the overview
// page itself loads lazily, so no other admin page (and no non-admin) ever downloads a charting library.
import type { Stats, StatsMetric } from '@olden/contracts';
import DayChart from '@/components/day-chart';

export const METRIC_LABELS: Record<StatsMetric, string> = {
  listings: 'New listings',
  requests: 'Buy requests',
  completed: 'Completed trades',
  users: 'New users',
  reports: 'Reports',
};

/** One chart per metric, each with its figures as a table for screen readers and anyone who wants the numbers. */
export default function StatsCharts({ stats }: { stats: Stats }) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      {(Object.keys(METRIC_LABELS) as StatsMetric[]).map((metric) => {
        const values = stats.series[metric];
        const total = values.reduce((a, b) => a + b, 0);
        return (
          <section key={metric} aria-labelledby={`chart-${metric}`} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
            <h2 id={`chart-${metric}`} className="font-semibold">
              {METRIC_LABELS[metric]} <span className="font-normal text-base-content/80">({total} in 30 days)</span>
            </h2>
            <DayChart days={stats.days} values={values} label={METRIC_LABELS[metric]} />
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer">Figures per day</summary>
              <table className="table table-xs mt-2">
                <caption className="sr-only">{METRIC_LABELS[metric]} per day</caption>
                <thead>
                  <tr className="text-base-content"><th scope="col">Day</th><th scope="col">Count</th></tr>
                </thead>
                <tbody>
                  {stats.days.map((day, i) => (
                    <tr key={day}><td>{day}</td><td>{values[i]}</td></tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>
        );
      })}
    </div>
  );
}
