import type { SavedSearchAlert } from '@olden/contracts';
import { SAVED_SEARCH_ALERTS } from '@olden/contracts/constants';

export const ALERT_LABELS: Record<SavedSearchAlert, string> = {
  instant: 'Instant alerts',
  daily: 'Daily digest',
  off: 'No alerts',
};

export function AlertSelect({ id, value, onChange, disabled, label }: { id: string; value: SavedSearchAlert; onChange: (v: SavedSearchAlert) => void; disabled?: boolean; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm" htmlFor={id}>
      <span className="sr-only">{label}</span>
      <select id={id} className="select select-bordered select-sm" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as SavedSearchAlert)}>
        {SAVED_SEARCH_ALERTS.map((a) => (
          <option key={a} value={a}>
            {ALERT_LABELS[a]}
          </option>
        ))}
      </select>
    </label>
  );
}
