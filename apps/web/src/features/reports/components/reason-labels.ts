import type { ModerationAction, ReportOutcome, ReportReason, ReportTargetType } from '@olden/contracts/constants';

/** What was reported, as a list or a queue names it. */
export const TARGET_LABELS: Record<ReportTargetType, string> = { listing: 'Listing', user: 'Member', message: 'Message', review: 'Review' };

export const REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  stolen_photos: 'Stolen photos',
  prohibited: 'Prohibited item',
  counterfeit: 'Counterfeit',
  offensive: 'Offensive',
  spam: 'Spam',
  wrong_category: 'Wrong category',
  other: 'Something else',
};

export const OUTCOME_LABELS: Record<ReportOutcome, string> = {
  open: 'Waiting for a moderator',
  action_taken: 'Action taken',
  no_violation: 'No violation found',
};

export const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  remove_listing: 'Remove listing',
  remove_review: 'Remove review',
  warn_user: 'Warn user',
  ban_user: 'Ban user',
};
