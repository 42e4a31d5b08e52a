import type { RequestListView } from '@olden/contracts/constants';

const VIEWS: { view: RequestListView; label: string }[] = [
  { view: 'open', label: 'Open' },
  { view: 'closed', label: 'History' },
];

/** The lists' "Open" / "History" switch: two toggle buttons, the current one pressed. */
export function ListViewSwitch({ view, onChange, label }: { view: RequestListView; onChange: (view: RequestListView) => void; label: string }) {
  return (
    <div role="group" aria-label={label} className="join">
      {VIEWS.map((option) => (
        <button
          key={option.view}
          type="button"
          className={`btn btn-sm join-item ${view === option.view ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={view === option.view}
          onClick={() => onChange(option.view)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
