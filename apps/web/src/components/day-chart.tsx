// A line of counts per day (uPlot, about 50 KB): import this module lazily, so only the pages that draw a chart
// (a listing's stats, the admin overview) ever download a charting library.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** `days` as YYYY-MM-DD (UTC), `values` one count per day; decorative (aria-hidden): give the figures as a table too. */
export default function DayChart({ days, values, label, height = 160 }: { days: string[]; values: number[]; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const color = getComputedStyle(el).color || '#333';
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height,
        legend: { show: false },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{ stroke: color, grid: { show: false } }, { stroke: color, size: 40 }],
        series: [{}, { label, stroke: color, width: 2, fill: 'rgba(127,127,127,0.15)', points: { show: false } }],
      },
      [xs, values],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, values, label, height]);
  return <div ref={box} className="w-full text-base-content" aria-hidden="true" data-chart={label} />;
}
