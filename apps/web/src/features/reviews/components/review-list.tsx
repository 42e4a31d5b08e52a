// A member's published reviews in one role, newest first, with their replies; the member themself answers an
// unanswered one in place (docs/product.md#reviews-and-profiles).
import type { PublicReview } from '@olden/contracts';
import type { ReviewRole } from '@olden/contracts/constants';
import { REVIEW_REPLY_MAX_LENGTH } from '@olden/contracts/constants';
import { type ReactNode, useId, useState } from 'react';
import { Avatar } from '@/components/avatar';
import { EmptyState, ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { SellerStars } from '@/components/seller-stars';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useReviews } from '../api/list-reviews';
import { useReplyToReview } from '../api/reply-review';

function ReplyBox({ reviewId }: { reviewId: string }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reply = useReplyToReview();
  const id = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Write your answer first');
      return;
    }
    reply.mutate({ id: reviewId, text }, { onError: (error) => setProblem(errorMessage(error)) });
  };
  return (
    <form onSubmit={submit} className="mt-2 flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Your answer (once, public)
      </label>
      <textarea id={id} className="textarea w-full" rows={2} maxLength={REVIEW_REPLY_MAX_LENGTH} value={text} onChange={(e) => setText(e.target.value)} />
      {problem && (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-sm btn-outline" disabled={reply.isPending}>
          Answer
        </button>
      </div>
    </form>
  );
}

function ReviewItem({ review, canReply, actions }: { review: PublicReview; canReply: boolean; actions?: ReactNode }) {
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar src={review.author.photoURL || undefined} size={40} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{review.author.name}</p>
          <p className="text-sm text-base-content/70">
            {review.listing.name} · {formatDate(review.date)}
          </p>
        </div>
        <SellerStars average={review.rating} count={1} />
        {actions}
      </div>
      {review.text && <p className="mt-3 whitespace-pre-line wrap-anywhere">{review.text}</p>}
      {review.reply ? (
        <blockquote className="mt-3 border-l-4 border-base-300 pl-3 text-sm">
          <p className="font-medium">Answer</p>
          <p className="whitespace-pre-line wrap-anywhere">{review.reply.text}</p>
        </blockquote>
      ) : (
        canReply && <ReplyBox reviewId={review._id} />
      )}
    </li>
  );
}

interface Props {
  userId: string;
  role: ReviewRole;
  isOwnProfile: boolean;
  /** What the page offers beside each review (the app's Report), or nothing. */
  renderActions?: (review: PublicReview) => ReactNode;
}

export function ReviewList({ userId, role, isOwnProfile, renderActions }: Props) {
  const reviews = useReviews(userId, role);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  if (reviews.isPending) return <ListSkeleton label="Loading reviews" />;
  if (reviews.isError) return <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />;
  if (items.length === 0) {
    return (
      <EmptyState title="No reviews yet">
        <p>Reviews appear here after completed trades.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={role === 'seller' ? 'Reviews as a seller' : 'Reviews as a buyer'}>
        {items.map((review) => (
          <ReviewItem key={review._id} review={review} canReply={isOwnProfile} actions={renderActions?.(review)} />
        ))}
      </ul>
      <LoadMore query={reviews} />
    </>
  );
}
