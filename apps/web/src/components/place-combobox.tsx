// An accessible place autocomplete (the ARIA combobox pattern): type, arrow keys through the suggestions, Enter or a
// click chooses one, Escape closes the list. The typed text stays as it is when no place is chosen.
import type { Place } from '@olden/contracts';
import { useEffect, useRef, useState } from 'react';
import { placeLabel, searchPlaces } from '@/lib/places';

interface Props {
  id: string;
  value: string;
  onChange: (text: string) => void;
  onSelect: (place: Place) => void;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  className?: string;
  name?: string;
  onBlur?: () => void;
}

const DEBOUNCE_MS = 150;

export function PlaceCombobox({ id, value, onChange, onSelect, describedBy, invalid, placeholder, className = '', name, onBlur }: Props) {
  // Named after the input, so the server's painted filter bar and React's name it alike (first-screens.spec.ts).
  const listId = `${id}-list`;
  const [options, setOptions] = useState<Place[]>([]);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const typed = useRef(false);
  // The list closes a moment after the input loses focus; a combobox gone by then (a page left) has nothing to close.
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    const q = value.trim();
    if (!typed.current || q.length === 0 || q.length > 60) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('loading');
      searchPlaces(q, controller.signal).then(
        (found) => {
          setOptions(found);
          setActive(-1);
          setOpen(true);
          setStatus('idle');
        },
        () => {
          if (!controller.signal.aborted) setStatus('error');
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const choose = (place: Place) => {
    typed.current = false;
    setOpen(false);
    setOptions([]);
    onSelect(place);
  };

  const showList = isOpen && options.length > 0;
  return (
    <div className="relative">
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        placeholder={placeholder}
        className={`input w-full ${className}`}
        value={value}
        onChange={(e) => {
          typed.current = true;
          onChange(e.target.value);
        }}
        onBlur={() => {
          // Let a click on an option land first.
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => setOpen(false), 150);
          onBlur?.();
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && options.length > 0) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % options.length);
          } else if (e.key === 'ArrowUp' && options.length > 0) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
          } else if (e.key === 'Enter' && showList && active >= 0) {
            e.preventDefault();
            choose(options[active]!);
          } else if (e.key === 'Escape' && showList) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Places"
        hidden={!showList}
        className="menu absolute z-20 mt-1 w-full rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {options.map((place, i) => (
          <li
            key={place.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer rounded px-3 py-2 ${i === active ? 'bg-base-200' : ''}`}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(place);
            }}
          >
            {placeLabel(place)}
          </li>
        ))}
      </ul>
      <span className="sr-only" aria-live="polite">
        {status === 'error' ? 'Places could not be loaded' : showList ? `${options.length} places found, use the arrow keys to choose` : ''}
      </span>
    </div>
  );
}
