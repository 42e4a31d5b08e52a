// The seller's Accept and Decline, confirmed first in the spec's confirmation style; a refusal shows the server's reason.
import type { BuyerProduct } from '@olden/contracts';
import type { SellerDecision } from '@olden/contracts/constants';
import { errorMessage } from '@/lib/api-client';
import { confirmAction, showError, showSuccess } from '@/lib/popups';

const WORDING: Record<SellerDecision, { confirm: (r: BuyerProduct) => [string, string, string]; success: (r: BuyerProduct) => string; failure: string }> = {
  Accepted: {
    confirm: (r) => ['Are you sure?', `${r.name} will be reserved for ${r.buyerName} until you hand it over.`, 'Yes, accept it!'],
    success: (r) => `${r.name} is reserved for ${r.buyerName}`,
    failure: 'Could not accept it',
  },
  Declined: {
    confirm: (r) => ['Are you sure?', `${r.buyerName}'s request for ${r.name} will be declined.`, 'Yes, decline it!'],
    success: (r) => `${r.buyerName}'s request has been declined`,
    failure: 'Could not decline it',
  },
};

export async function decideRequest(
  request: BuyerProduct,
  decision: SellerDecision,
  update: (input: { id: string; status: SellerDecision }) => Promise<unknown>,
): Promise<void> {
  const wording = WORDING[decision];
  if (!(await confirmAction(...wording.confirm(request)))) return;
  try {
    await update({ id: request._id, status: decision });
    void showSuccess(wording.success(request));
  } catch (err) {
    void showError(wording.failure, errorMessage(err));
  }
}
