// A completed trade's review, as one party sees it in the thread and in the history lists: "Leave a review" until the
// window closes, then what happened to theirs (docs/product.md#reviews-and-profiles).
import type { Review } from '@olden/contracts';
import { REVIEW_TEXT_MAX_LENGTH } from '@olden/contracts/constants';
import { useId, useState } from 'react';
import { SellerStars } from '@/components/seller-stars';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCreateReview } from '../api/create-review';
import { StarPicker } from './star-picker';

interface ReviewPanelProps {
  requestId: string;
  myReview: Review | null | undefined;
  reviewClosesAt: string | null | undefined;
  /** The other party's name ("published when Sam reviews"). */
  otherName: string;
  /** After a review is saved: the caller refreshes the request it shows. */
  onSaved?: () => unknown;
  /** Compact (a history row): the form opens on "Leave a review". */
  compact?: boolean;
}

export function ReviewPanel({ requestId, myReview, reviewClosesAt, otherName, onSaved, compact = false }: ReviewPanelProps) {
  const [isOpen, setOpen] = useState(!compact);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateReview(onSaved);
  const id = useId();
  if (!reviewClosesAt) return null;
  const closesAt = formatDateTime(reviewClosesAt);

  if (myReview?.status === 'published') {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="review-status">
        Your review is published: <SellerStars average={myReview.rating} count={1} />
      </p>
    );
  }
  if (myReview) {
    return (
      <p className="text-sm" data-testid="review-status">
        Review submitted, published when {otherName} reviews or on {closesAt}.
      </p>
    );
  }
  if (Date.parse(reviewClosesAt) <= Date.now()) {
    return <p className="text-sm text-base-content/70">The time to review this trade ended on {closesAt}.</p>;
  }
  if (!isOpen) {
    return (
      <button type="button" className="btn btn-sm btn-secondary" onClick={() => setOpen(true)}>
        Leave a review
      </button>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (rating === 0) {
      setProblem('Choose a rating from 1 to 5 stars');
      return;
    }
    setProblem(null);
    create.mutate({ requestId, rating, text }, { onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Leave a review
      </h3>
      <p className="text-sm text-base-content/70">
        How was the trade with {otherName}? Reviews are published when you both have written yours, or on {closesAt}.
      </p>
      <StarPicker name={`${id}-rating`} value={rating} onChange={setRating} disabled={create.isPending} />
      <label htmlFor={`${id}-text`} className="text-sm font-medium">
        Your review (optional)
      </label>
      <textarea
        id={`${id}-text`}
        className="textarea w-full"
        rows={3}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={create.isPending}
      />
      {problem && (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
          {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Submit review
        </button>
      </div>
    </form>
  );
}
