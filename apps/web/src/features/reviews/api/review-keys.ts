// Query keys of reviews and public profiles.
import type { ReviewRole } from '@olden/contracts/constants';

export const reviewKeys = {
  all: ['reviews'] as const,
  profile: (userId: string) => ['reviews', 'profile', userId] as const,
  list: (userId: string, role: ReviewRole) => ['reviews', 'list', userId, role] as const,
};
