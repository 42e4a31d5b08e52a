// docs/product.md#dashboard-request-thread: one buy request between its buyer and its seller: the listing, both parties, the status and its actions, and
// the messages with the offers among them (docs/product.md#offers), new ones arriving live (the navbar's events stream
// updates the thread's caches).
import type { BuyerProduct, Offer } from '@olden/contracts';
import { isOpenRequest, OFFERS_PER_REQUEST } from '@olden/contracts/constants';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '@/components/error-state';
import { ListSkeleton } from '@/components/list-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { Thumb } from '@/components/thumbnail';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-context';
import { BlockButton } from '@/features/blocks/components/block-button';
import { buyerRequestKeys } from '@/features/buyer-requests/api/buyer-request-keys';
import { useDeleteBuyerRequest } from '@/features/buyer-requests/api/delete-buyer-request';
import { useBuyerRequest } from '@/features/buyer-requests/api/get-buyer-request';
import { useMessages } from '@/features/buyer-requests/api/list-messages';
import { useOffers } from '@/features/buyer-requests/api/list-offers';
import { useUpdateBuyerRequest } from '@/features/buyer-requests/api/update-buyer-request';
import { MakeOfferPanel } from '@/features/buyer-requests/components/make-offer-panel';
import { MessageComposer } from '@/features/buyer-requests/components/message-composer';
import { MessageList, type ThreadEntry } from '@/features/buyer-requests/components/message-list';
import { OfferCard } from '@/features/buyer-requests/components/offer-card';
import { TradePrice } from '@/features/buyer-requests/components/trade-price';
import { isCounterOffer, offerAnnouncement } from '@/features/buyer-requests/lib/offer-text';
import { ReportButton } from '@/features/reports/components/report-button';
import { RequestStatusBadge } from '@/features/buyer-requests/components/request-status-badge';
import { decideRequest } from '@/features/buyer-requests/lib/decide-request';
import { confirmRemoval } from '@/lib/confirm-removal';
import { formatDateTime } from '@/lib/format';
import { ReviewPanel } from '@/features/reviews/components/review-panel';

type Viewer = 'buyer' | 'seller' | null;

function Actions({ request, viewer, headingRef }: { request: BuyerProduct; viewer: Viewer; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const remove = useDeleteBuyerRequest();
  const update = useUpdateBuyerRequest();
  const isBusy = remove.isPending || update.isPending;
  if (!isOpenRequest(request.status) || !viewer) return null;

  if (viewer === 'buyer') {
    // The cart's Cancel, with its words (docs/product.md#dashboard-my-cart).
    const handleCancel = () =>
      confirmRemoval({
        confirm: ['Are you sure?', "You won't be able to revert this!", 'Yes, delete it!'],
        remove: () => remove.mutateAsync(request._id),
        success: ['Deleted!', 'Your Cart has been deleted from cart.'],
        failureTitle: 'Could not remove it',
        focusAfter: headingRef,
      });
    return (
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => void handleCancel()} disabled={isBusy}>
          Cancel request
        </button>
      </div>
    );
  }

  const handleHandover = () =>
    confirmRemoval({
      confirm: ['Are you sure?', 'This person made his paid?', 'Yes, handover it!'],
      remove: () => remove.mutateAsync(request._id),
      success: ['Product has been handovered'],
      failureTitle: 'Could not hand it over',
      focusAfter: headingRef,
    });
  return (
    <div className="flex flex-wrap gap-2">
      {request.status === 'Pending' && (
        <button type="button" className="btn btn-sm btn-outline btn-success" onClick={() => void decideRequest(request, 'Accepted', update.mutateAsync)} disabled={isBusy}>
          Accept
        </button>
      )}
      <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => void decideRequest(request, 'Declined', update.mutateAsync)} disabled={isBusy}>
        Decline
      </button>
      <button type="button" className="btn btn-sm btn-primary" onClick={() => void handleHandover()} disabled={isBusy}>
        handover
      </button>
    </div>
  );
}

/** The offers as cards among the messages, each with what the live region says when it arrives or changes. */
function offerEntries(request: BuyerProduct, offers: Offer[], viewer: Viewer): ThreadEntry[] {
  const names = { buyer: request.buyerName, seller: request.uploaderName };
  // The buyer's offers, counters included, count against the request's limit: past it they only accept or decline.
  const canBuyerOffer = offers.filter((offer) => offer.by === 'buyer').length < OFFERS_PER_REQUEST;
  return offers.map((offer) => {
    const isCounter = isCounterOffer(offer, offers);
    return {
      id: offer._id,
      createdAt: offer.createdAt,
      isMine: offer.by === viewer,
      announcement: offerAnnouncement(offer, isCounter, viewer, names),
      node: <OfferCard request={request} offer={offer} isCounter={isCounter} viewer={viewer} canCounter={viewer !== 'buyer' || canBuyerOffer} />,
    };
  });
}

function Thread({ request, viewer }: { request: BuyerProduct; viewer: Viewer }) {
  const queryClient = useQueryClient();
  const messages = useMessages(request._id);
  const offers = useOffers(request._id);
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];
  const readAt = messages.dataUpdatedAt;

  // Reading the thread marked it read on the server: the badges and the lists' unread counts change.
  useEffect(() => {
    if (!readAt) return;
    void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.lists() });
  }, [readAt, queryClient]);

  const isOpen = isOpenRequest(request.status);
  return (
    <section aria-labelledby="thread-title" className="flex flex-col gap-4">
      <h2 id="thread-title" className="font-serif text-xl font-bold">
        Messages
      </h2>
      {offers.isError && (
        <ErrorState error={offers.error} onRetry={() => void offers.refetch()} title="We could not load the offers" />
      )}
      {/* The offers wait with the messages, so the ones already there are not read out as new when they load. */}
      {messages.isPending || offers.isPending ? (
        <ListSkeleton rows={2} label="Loading messages" />
      ) : messages.isError ? (
        <ErrorState error={messages.error} onRetry={() => void messages.refetch()} title="We could not load the messages" />
      ) : (
        <>
          <MessageList
            messages={items}
            viewer={viewer}
            entries={offerEntries(request, offers.data ?? [], viewer)}
            renderActions={(m) => (viewer && m.from !== viewer ? <ReportButton targetType="message" targetId={m._id} label={`the message from ${m.senderName}`} /> : null)}
          />
          <LoadMore query={messages} />
        </>
      )}
      {viewer === 'buyer' && offers.isSuccess && <MakeOfferPanel request={request} offers={offers.data} />}
      {!isOpen ? (
        <p className="alert alert-info alert-soft text-sm">This request is {request.status.toLowerCase()}: its messages are kept, and no new ones can be sent.</p>
      ) : viewer ? (
        <MessageComposer requestId={request._id} />
      ) : (
        <p className="alert alert-info alert-soft text-sm">You are reading this conversation as an admin.</p>
      )}
    </section>
  );
}

/** A completed trade: each party reviews the other (docs/product.md#reviews-and-profiles). */
function TradeReview({ request, viewer }: { request: BuyerProduct; viewer: Viewer }) {
  const queryClient = useQueryClient();
  if (request.status !== 'Completed' || !viewer) return null;
  return (
    <ReviewPanel
      requestId={request._id}
      myReview={request.myReview}
      reviewClosesAt={request.reviewClosesAt}
      otherName={viewer === 'buyer' ? request.uploaderName : request.buyerName}
      onSaved={() => queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all })}
    />
  );
}

export function RequestThread() {
  const { id = '' } = useParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { user } = useAuth();
  const request = useBuyerRequest(id);

  if (request.isPending) {
    return (
      <section>
        <PageHeader title="Buy request" />
        <ListSkeleton rows={2} label="Loading the request" />
      </section>
    );
  }
  if (request.isError) {
    return (
      <section>
        <PageHeader title="Buy request" />
        <ErrorState error={request.error} onRetry={() => void request.refetch()} />
      </section>
    );
  }

  const item = request.data;
  const viewer: Viewer = user?.email === item.buyerEmail ? 'buyer' : user?.email === item.email ? 'seller' : null;
  const backTo = viewer === 'buyer' ? paths.dashboard.myCarts.getHref() : paths.dashboard.buyerRequest.getHref();

  return (
    <section className="flex flex-col gap-6">
      <PageHeader headingRef={headingRef} title={item.name} description={`Buy request from ${item.buyerName} to ${item.uploaderName}`}>
        <Link to={backTo} className="btn btn-sm btn-ghost">
          {viewer === 'buyer' ? 'Back to My Cart' : 'Back to Buyer Request'}
        </Link>
      </PageHeader>

      <div className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm md:grid-cols-[auto_1fr]">
        <Thumb src={item.image1} alt="" size={96} />
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <Link to={paths.productDetails.getHref(item.productId)} className="link text-lg font-semibold">
              {item.name}
            </Link>
            <TradePrice price={item.price} agreedPrice={item.agreedPrice} className="font-semibold tabular-nums text-primary" />
            <RequestStatusBadge status={item.status} />
          </div>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
            <div className="min-w-0">
              <dt className="font-medium">Buyer</dt>
              <dd className="wrap-anywhere">
                {item.buyerName}
                {viewer === 'buyer' && ' (you)'} · <a className="link" href={`mailto:${item.buyerEmail}`}>{item.buyerEmail}</a>
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="font-medium">Seller</dt>
              <dd className="wrap-anywhere">
                {item.uploaderName}
                {viewer === 'seller' && ' (you)'} · <a className="link" href={`mailto:${item.email}`}>{item.email}</a>
              </dd>
            </div>
            <div>
              <dt className="font-medium">Requested</dt>
              <dd>{formatDateTime(item.createdAt)}</dd>
            </div>
          </dl>
          <Actions request={item} viewer={viewer} headingRef={headingRef} />
          {viewer && (
            <div>
              <BlockButton
                userId={viewer === 'buyer' ? item.sellerId : item.buyerId}
                name={viewer === 'buyer' ? item.uploaderName : item.buyerName}
              />
            </div>
          )}
        </div>
      </div>

      <TradeReview request={item} viewer={viewer} />

      <Thread request={item} viewer={viewer} />
    </section>
  );
}
