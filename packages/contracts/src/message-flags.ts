// Why a message is flagged as asking to move off the site (docs/product.md#scam-warnings): the server's rules
// (apps/server/src/modules/messages/flags.ts) name them, the web words the warning beside the message.

export const MESSAGE_FLAGS = ['external_link', 'email_address', 'phone_number', 'payment_off_site', 'messaging_app'] as const;
export type MessageFlag = (typeof MESSAGE_FLAGS)[number];

/** What each flag means, as the warning lists it. */
export const MESSAGE_FLAG_LABELS: Record<MessageFlag, string> = {
  external_link: 'a link to another site',
  email_address: 'an email address',
  phone_number: 'a phone number',
  payment_off_site: 'a way to pay outside Olden Goods',
  messaging_app: 'a messaging app',
};

/** The recipient's warning beside a flagged message. */
export const FLAGGED_MESSAGE_WARNING =
  'Never pay outside Olden Goods: bank transfers, gift cards, crypto or a courier who collects payment are how scammers take money for goods that never come. Keep the conversation here, and meet to pay on handover.';

/** The sender's softer note beside their own flagged message. */
export const FLAGGED_MESSAGE_NOTE =
  'Your message has contact or payment details: the other person will see a reminder to keep the trade on Olden Goods.';
