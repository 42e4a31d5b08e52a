// The scam-warning rules of messages, in one place (docs/product.md#scam-warnings; their table: flags.test.ts). A
// message that asks to move off the site is delivered but flagged; the web warns its recipient beside it and mails
// carry no link of it. Links and email addresses are found by linkify-it, phone numbers by libphonenumber-js; the
// disguised forms ("name at gmail dot com", digits spelled out or spaced) are undone first, then looked for again.
import { type CountryCode, findPhoneNumbersInText, getCountries } from 'libphonenumber-js';
import LinkifyIt from 'linkify-it';
import type { MessageFlag } from '@olden/contracts/constants';

const linkify = new LinkifyIt();

const COUNTRIES = new Set<string>(getCountries());

/** The country whose national numbers ("07911 123456") a message's numbers are read in: the LOCALE's region (en-GB: GB). */
export function phoneRegion(locale: string): CountryCode {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    if (region && COUNTRIES.has(region)) return region as CountryCode;
  } catch {
    // An odd tag: the default below.
  }
  return 'US';
}

export interface FlagOptions {
  /** Hosts of this site: a link to a listing here is no reason to warn. */
  ownHosts?: string[];
  /** Where national numbers are read (phoneRegion). */
  region?: CountryCode;
}

const DIGIT_WORDS: Record<string, string> = {
  zero: '0', oh: '0', o: '0', nought: '0', nil: '0',
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9',
};
// Longest first, so "one" is not read as "o" and "ne".
const DIGIT_WORD = Object.keys(DIGIT_WORDS).sort((a, b) => b.length - a.length).join('|');
/** "double seven", "triple 0": the digit repeated. */
const REPEATED = new RegExp(`\\b(double|triple)[\\s-]+(${DIGIT_WORD}|\\d)\\b`, 'gi');
/** A spelled-out digit among others ("oh seven seven"), not a lone "one" in a sentence. */
const SPELLED_RUN = new RegExp(`\\b(?:(?:${DIGIT_WORD}|\\d+)\\b[\\s,.-]*){6,}`, 'gi');

/** Words and symbols people write instead of `@` and `.` to get an address past a filter. */
const AT = String.raw`(?:\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+|\s*@\s*)`;
const DOT = String.raw`(?:\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+|\s*\.\s*)`;
const DISGUISED_EMAIL = new RegExp(String.raw`\b[a-z0-9][a-z0-9._%+-]*${AT}[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:com|net|org|co|uk|de|fr|io|me|info|biz|ru|pl|nl|es|it|gmail|yahoo|hotmail|outlook|mail|proton)\b`, 'i');
/** A mail provider named as such: "my gmail is bob123". */
const PROVIDER_HANDLE = /\b(?:gmail|hotmail|yahoo|outlook|protonmail|icloud)(?:\s+(?:address|account|id))?\s+is\s+\S+/i;

/** Phrasings of paying outside the site (the scams of second-hand marketplaces: eBay's, Vinted's and Kleinanzeigen's advice pages). */
const PAYMENT_PHRASES: RegExp[] = [
  /\b(?:bank|wire|direct|swift|sepa|international)[\s-]+(?:transfer|payment|deposit)s?\b/i,
  /\b(?:wire|transfer)\s+(?:the\s+)?(?:money|funds|payment|deposit|amount)\b/i,
  /\b(?:iban|bic|swift\s+code|sort\s+code|routing\s+number|account\s+number)\b/i,
  /\b(?:western\s+union|moneygram|money\s+gram|ria\s+money|remitly|worldremit)\b/i,
  /\b(?:gift|itunes|steam|google\s+play|amazon|apple|vanilla|visa)\s+(?:gift\s+)?(?:card|voucher|code)s?\b/i,
  /\b(?:bitcoin|btc|crypto(?:currency)?|ethereum|eth|usdt|tether|litecoin|binance|coinbase|wallet\s+address)\b/i,
  /\bpay(?:ment)?s?\s+(?:me\s+)?(?:via|with|through|by|on|using|over)\s+(?:paypal|venmo|zelle|cash\s*app|revolut|wise|skrill|payoneer|apple\s+pay|google\s+pay|monzo|klarna|alipay|wechat|friends\s+(?:and|&)\s+family)\b/i,
  /\b(?:paypal|pp)\s+(?:friends\s+(?:and|&)\s+family|f\s*&\s*f|gift|family)\b/i,
  /\b(?:send|transfer)\s+(?:it\s+|me\s+|the\s+)*(?:money|payment|cash|funds|deposit)\s+(?:to|via|by|through|first|upfront|in\s+advance)\b/i,
  /\b(?:deposit|payment|money)\s+(?:upfront|up\s+front|in\s+advance|first|before\s+(?:delivery|shipping|i\s+send|i\s+ship))\b/i,
  /\b(?:courier|shipping\s+(?:agent|company)|delivery\s+(?:agent|company|service)|dhl|fedex|ups|dpd|hermes|evri|my\s+(?:agent|driver|mover))\b[^.!?\n]{0,60}\b(?:collect|pick\s*up|take|receive|bring)s?\b[^.!?\n]{0,40}\b(?:payment|money|cash|the\s+funds)\b/i,
  /\b(?:courier|shipping\s+agent|agent)\s+(?:fee|insurance|charges?)\b/i,
  /\b(?:verification|verify|confirmation|security)\s+(?:code|fee|link)\b/i,
];

/** Messaging apps a scammer moves the talk to (where no report button reaches them). */
const MESSAGING_APPS = /\b(?:whats\s*app|whatsap|wa\.me|telegram|t\.me|signal\s+(?:app|me|number)|viber|wechat|we\s+chat|kik|snapchat|line\s+app|imessage|messenger)\b/i;

function linkFlags(text: string, ownHosts: string[]): Set<MessageFlag> {
  const flags = new Set<MessageFlag>();
  for (const match of linkify.match(text) ?? []) {
    if (match.schema === 'mailto:') {
      flags.add('email_address');
      continue;
    }
    let host = '';
    try {
      host = new URL(match.url).hostname.toLowerCase();
    } catch {
      // Unparseable: still a link to somewhere.
    }
    if (!ownHosts.includes(host)) flags.add('external_link');
  }
  return flags;
}

/** Spelled and spaced digits written as digits: "oh seven nine one one, one two three" -> "07911123". */
function undisguiseDigits(text: string): string {
  const repeated = text.replace(REPEATED, (_m, times: string, digit: string) => {
    const d = DIGIT_WORDS[digit.toLowerCase()] ?? digit;
    return times.toLowerCase() === 'double' ? `${d}${d}` : `${d}${d}${d}`;
  });
  return repeated.replace(SPELLED_RUN, (run) => {
    const words = run.split(/[\s,.-]+/).filter(Boolean);
    const digits = words.map((w) => DIGIT_WORDS[w.toLowerCase()] ?? (/^\d+$/.test(w) ? w : '')).join('');
    // Only a run with a spelled word or a spaced single digit is a disguise; "1890 1910" is two years.
    const disguised = words.some((w) => DIGIT_WORDS[w.toLowerCase()] !== undefined) || words.filter((w) => /^\d$/.test(w)).length >= 4;
    return disguised ? ` ${digits} ` : run;
  });
}

function hasPhoneNumber(text: string, region: CountryCode): boolean {
  // `extended`: possible numbers, not only valid ones: a scammer's number need not be one the metadata knows (Ofcom's
  // drama numbers, new ranges).
  return findPhoneNumbersInText(text, { defaultCountry: region, extended: true }).length > 0;
}

/** Why a message asks to move off the site; empty for an ordinary message. In a stable order. */
export function messageFlags(text: string, options: FlagOptions = {}): MessageFlag[] {
  const region = options.region ?? 'US';
  const flags = linkFlags(text, (options.ownHosts ?? []).map((h) => h.toLowerCase()));
  if (!flags.has('email_address') && (DISGUISED_EMAIL.test(text) || PROVIDER_HANDLE.test(text))) flags.add('email_address');
  const digits = undisguiseDigits(text);
  if (hasPhoneNumber(text, region) || (digits !== text && hasPhoneNumber(digits, region)) || /\d{10,}/.test(digits.replace(/(\d)[\s.()-]+(?=\d)/g, '$1'))) {
    flags.add('phone_number');
  }
  if (PAYMENT_PHRASES.some((phrase) => phrase.test(text))) flags.add('payment_off_site');
  if (MESSAGING_APPS.test(text)) flags.add('messaging_app');
  return MESSAGE_FLAG_ORDER.filter((flag) => flags.has(flag));
}

const MESSAGE_FLAG_ORDER: MessageFlag[] = ['external_link', 'email_address', 'phone_number', 'payment_off_site', 'messaging_app'];
