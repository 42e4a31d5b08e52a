// The rating of a review: five radio buttons, each with its visible label, so arrow keys move between values and
// screen readers name each one (docs/product.md#reviews-and-profiles).
import { StarIcon } from '@/components/icons';

export const STAR_LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export function StarPicker({ name, value, onChange, disabled }: { name: string; value: number; onChange: (rating: number) => void; disabled?: boolean }) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Rating</legend>
      <div className="flex flex-wrap gap-2">
        {STAR_LABELS.map((label, i) => {
          const rating = i + 1;
          const id = `${name}-${rating}`;
          return (
            <label
              key={rating}
              htmlFor={id}
              className={`btn btn-sm gap-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${rating <= value ? 'btn-warning' : 'btn-outline'}`}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                className="sr-only"
              />
              <StarIcon aria-hidden="true" className="size-4" />
              <span>
                {rating} {label}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
