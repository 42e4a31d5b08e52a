// The views chart of a listing's stats: recharts, loaded only with this chart (listing-stats.tsx imports it lazily).
import type { ProductStats } from '@olden/contracts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export default function ListingStatsChart({ views }: { views: ProductStats['views'] }) {
  const data = views.map((d) => ({ day: d.date.slice(5), views: d.count }));
  return (
    <div className="h-48 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} interval={4} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="views" fill="currentColor" className="text-primary" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
