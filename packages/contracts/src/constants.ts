// `@olden/contracts/constants`: everything of contracts that needs no zod, for code that must stay light
// (the web's first load, the api client). A test checks that nothing reachable from here imports zod.
export * from './error-codes.ts';
export * from './paging.ts';
export * from './policies.ts';
export * from './stored-images.ts';
export { messages } from './messages.ts';
export * from './oidc-popup.ts';
export * from './account-messages.ts';
export * from './trade-status.ts';
export * from './category-keys.ts';
export * from './timeline-filters.ts';
export * from './place-rules.ts';
export * from './price.ts';
export * from './discovery-rules.ts';
export * from './moderation-status.ts';
export * from './message-flags.ts';
export * from './review-rules.ts';
export * from './offer-rules.ts';
