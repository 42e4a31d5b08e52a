import type { ListingPreview, ModerationAction, QueueEntry as Entry } from '@olden/contracts';
import { ACTION_ONLY_FOR, actionApplies, MODERATION_ACTIONS } from '@olden/contracts/constants';
import { useId, useState } from 'react';
import { SmartImage } from '@/components/smart-image';
import { formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { ACTION_LABELS, REASON_LABELS, TARGET_LABELS } from './reason-labels';


function Photos({ listing, highlight }: { listing: ListingPreview; highlight?: string }) {
  const photos = [listing.image1, listing.image2, listing.image3, listing.image4];
  return (
    <ul className="grid grid-cols-4 gap-1" aria-label={`Photos of ${listing.name}`}>
      {photos.map((src, i) => (
        <li key={i}>
          <SmartImage
            src={src}
            width={160}
            height={120}
            sizes="160px"
            alt={`${listing.name}, photo ${i + 1}${src === highlight ? ' (the matching photo)' : ''}`}
            className={`aspect-[4/3] w-full rounded bg-base-200 object-cover ${src === highlight ? 'ring-4 ring-error' : ''}`}
          />
        </li>
      ))}
    </ul>
  );
}

function ListingCard({ listing, title, highlight }: { listing: ListingPreview; title: string; highlight?: string }) {
  return (
    <div className="rounded-box border border-base-300 p-3">
      <p className="text-xs uppercase tracking-wide text-base-content/80">{title}</p>
      <p className="font-semibold">
        {listing.name} <span className="font-normal text-base-content/80">{formatPrice(listing.price)}</span>
      </p>
      <p className="text-sm text-base-content/80">
        by {listing.sellerName}, listed {formatDate(listing.createdAt)}, status {listing.status}
      </p>
      <div className="mt-2">
        <Photos listing={listing} highlight={highlight} />
      </div>
      <p className="mt-2 text-sm">{listing.shortDescription}</p>
    </div>
  );
}

interface Props {
  entry: Entry;
  /** Resolve with this action and note; the page asks for confirmation where it must. */
  onResolve?: (entry: Entry, action: ModerationAction, note: string) => void;
  isResolving?: boolean;
}

/** One reported target in the moderation queue: what was reported, by how many and why, a preview, and the four actions. */
export function QueueEntry({ entry, onResolve, isResolving }: Props) {
  const noteId = useId();
  const headingId = useId();
  const [note, setNote] = useState('');
  const { preview } = entry;
  const name =
    preview.listing?.name ??
    (preview.review ? `review of ${preview.review.subjectName} by ${preview.review.authorName ?? 'a former member'}` : undefined) ??
    preview.user?.name ??
    (preview.message ? `message from ${preview.user?.name ?? 'a member'}` : entry.targetId);
  // A removal applies to its own kind of target only; a review's author is warned or banned like anyone else.
  const actions = MODERATION_ACTIONS.filter((a) => actionApplies(a, entry.targetType));

  return (
    <article aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          <span className="badge badge-ghost mr-2">{TARGET_LABELS[entry.targetType]}</span>
          {name}
        </h2>
        <p className="text-sm text-base-content/80">
          {entry.reportCount} {entry.reportCount === 1 ? 'report' : 'reports'}, first {formatDateTime(entry.firstReportedAt)}
          {entry.reportCount > 1 && <>, last {formatDateTime(entry.lastReportedAt)}</>}
        </p>
      </header>
      <p className="mt-2 flex flex-wrap gap-1">
        {entry.reasons.map((r) => (
          <span key={r} className="badge badge-warning badge-sm">{REASON_LABELS[r]}</span>
        ))}
      </p>

      <div className="mt-3 grid gap-3 lg:grid-cols-2">
        {preview.listing && <ListingCard listing={preview.listing} title="Reported listing" highlight={preview.photoMatches?.[0]?.photo} />}
        {preview.photoMatches?.map((m, i) =>
          m.other ? (
            <ListingCard key={i} listing={m.other} title={`Earlier listing with a matching photo (${m.distance} bits apart)`} highlight={m.otherPhoto} />
          ) : (
            <p key={i} className="rounded-box border border-base-300 p-3 text-sm">The earlier listing with the matching photo is gone.</p>
          ),
        )}
        {preview.message && (
          <div className="rounded-box border border-base-300 p-3">
            <p className="text-xs uppercase tracking-wide text-base-content/80">The thread</p>
            <ol className="mt-2 flex flex-col gap-2 text-sm">
              {preview.message.thread.map((m) => (
                <li key={m._id} className={m._id === preview.message!._id ? 'rounded bg-warning/20 p-2 font-medium' : 'p-2'}>
                  <span className="font-semibold">{m.senderName}</span> <time dateTime={m.createdAt} className="text-base-content/80">{formatDateTime(m.createdAt)}</time>
                  <p className="whitespace-pre-wrap wrap-anywhere">{m.text}</p>
                </li>
              ))}
            </ol>
          </div>
        )}
        {preview.review && (
          <div className="rounded-box border border-base-300 p-3 text-sm">
            <p className="text-xs uppercase tracking-wide text-base-content/80">The review</p>
            <p>
              <span className="font-semibold">{preview.review.rating} of 5 stars</span> by {preview.review.authorName ?? 'a former member'} of{' '}
              {preview.review.subjectName} as a {preview.review.role}, for {preview.review.productName}
              {preview.review.publishedAt && <>, published {formatDate(preview.review.publishedAt)}</>}
            </p>
            {preview.review.text && <p className="mt-2 whitespace-pre-wrap wrap-anywhere">{preview.review.text}</p>}
            {preview.review.reply && (
              <blockquote className="mt-2 border-l-4 border-base-300 pl-3">
                <p className="font-medium">Answer</p>
                <p className="whitespace-pre-wrap wrap-anywhere">{preview.review.reply}</p>
              </blockquote>
            )}
          </div>
        )}
        {preview.user && (
          <div className="rounded-box border border-base-300 p-3 text-sm">
            <p className="text-xs uppercase tracking-wide text-base-content/80">{entry.targetType === 'user' ? 'Reported member' : entry.targetType === 'review' ? 'Its author' : 'Member'}</p>
            <p className="font-semibold">{preview.user.name}</p>
            <p>{preview.user.email}</p>
            <p>Joined {formatDate(preview.user.joinedAt)}{preview.user.emailVerified ? ', email verified' : ', email not verified'}</p>
          </div>
        )}
        {!preview.listing && !preview.user && !preview.message && !preview.review && <p className="text-sm">This was deleted since it was reported.</p>}
      </div>

      <details className="mt-3" open={entry.notes.some((n) => n.note)}>
        <summary className="cursor-pointer text-sm font-medium">Reports ({entry.notes.length})</summary>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {entry.notes.map((n, i) => (
            <li key={i}>
              <span className="font-medium">{n.reporterName ?? 'Photo check (automatic)'}</span>: {REASON_LABELS[n.reason]}
              {n.note && <span className="whitespace-pre-wrap"> - "{n.note}"</span>}
            </li>
          ))}
        </ul>
      </details>

      {entry.resolution ? (
        <p className="mt-3 text-sm">
          <span className="badge badge-success badge-sm mr-2">{ACTION_LABELS[entry.resolution.action]}</span>
          by {entry.resolution.moderatorName ?? 'a former admin'} on {formatDateTime(entry.resolution.resolvedAt)}
          {entry.resolution.note && <> - "{entry.resolution.note}"</>}
        </p>
      ) : (
        onResolve && (
          <div className="mt-4 border-t border-base-300 pt-3">
            <label htmlFor={noteId} className="mb-1 block text-sm font-medium">
              Note for the record <span className="font-normal text-base-content/80">(sent to the member with a removal or a warning)</span>
            </label>
            <textarea id={noteId} rows={2} className="textarea textarea-sm w-full" maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
            <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={`Decide on ${name}`}>
              {actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  disabled={isResolving}
                  className={`btn btn-sm ${a === 'ban_user' || ACTION_ONLY_FOR[a] ? 'btn-error' : a === 'warn_user' ? 'btn-warning' : 'btn-outline'}`}
                  onClick={() => onResolve(entry, a, note.trim())}
                >
                  {ACTION_LABELS[a]}
                </button>
              ))}
            </div>
          </div>
        )
      )}
    </article>
  );
}
