import type { SavedSearchAlert } from '@olden/contracts';
import { SAVED_SEARCH_ALERTS } from '@olden/contracts/constants';

export const ALERT_LABELS: Record<SavedSearchAlert, string> = {
  instant: 'Instant alerts',
  daily: 'Daily digest',
  off: 'No alerts',
};

export function AlertSelect({ id, value, onChange, disabled, label }: { id: string; value: SavedSearchAlert; onChange: (v: SavedSearchAlert) => void; disabled?: boolean; label: string }) {
  return (
    // The label beside the select, not around it: wrapped, the select's chosen option joined its accessible name
    // ("Alert for this searchInstant alerts").
    <span className="flex items-center gap-2 text-sm">
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select select-bordered select-sm" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as SavedSearchAlert)}>
        {SAVED_SEARCH_ALERTS.map((a) => (
          <option key={a} value={a}>
            {ALERT_LABELS[a]}
          </option>
        ))}
      </select>
    </span>
  );
}
