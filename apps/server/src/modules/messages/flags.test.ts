// The scam-warning rules' table: phrasings scammers use on second-hand marketplaces that must flag, and ordinary
// messages of this trade that must not (docs/product.md#scam-warnings).
import type { MessageFlag } from '@olden/contracts/constants';
import { describe, expect, it } from 'vitest';
import { messageFlags, phoneRegion } from './flags.ts';

const options = { ownHosts: ['olden.example', 'localhost'], region: phoneRegion('en-GB') };

/** Each must flag, with (at least) the flag given. */
const SCAMS: [string, MessageFlag][] = [
  ['Hi, is this still available? Please text me on WhatsApp, I reply faster there', 'messaging_app'],
  ['Contact me on Telegram @oldchairs_uk for a better price', 'messaging_app'],
  ['Message me on whats app and we sort it', 'messaging_app'],
  ['Call me on 07911 123456 to arrange', 'phone_number'],
  ['My number is +44 7700 900123, ring after 5', 'phone_number'],
  ['call oh seven nine one one, one two three four five six', 'phone_number'],
  ['text me: 0 7 9 1 1 1 2 3 4 5 6', 'phone_number'],
  ['my mobile is double oh four four seven seven double oh nine double oh one two three', 'phone_number'],
  ['Reach me at (202) 555-0143 in the US', 'phone_number'],
  ['Email me at bob.jones@gmail.com with your address', 'email_address'],
  ['write to bobjones at gmail dot com', 'email_address'],
  ['my mail is bobjones(at)hotmail(dot)co(dot)uk', 'email_address'],
  ['bob [at] outlook [dot] com is best', 'email_address'],
  ['my gmail is bobjones1987, write there', 'email_address'],
  ['Pay here to reserve: https://secure-pay-parcel.com/order/8812', 'external_link'],
  ['See more photos at www.olx-deals.net/chair', 'external_link'],
  ['Fill in your details on bit.ly/3xYz9', 'external_link'],
  ['I can only accept bank transfer, I will send the chair after payment', 'payment_off_site'],
  ['Please do a wire transfer to my account and I ship tomorrow', 'payment_off_site'],
  ['Here is my IBAN: GB33BUKB20201555555555', 'payment_off_site'],
  ['Send the money via Western Union to my cousin', 'payment_off_site'],
  ['I accept payment in Amazon gift cards only', 'payment_off_site'],
  ['Can you pay with Steam cards? 4 x 50', 'payment_off_site'],
  ['Payment in bitcoin please, I send you my wallet address', 'payment_off_site'],
  ['I take USDT or any crypto', 'payment_off_site'],
  ['Pay via PayPal friends and family so there are no fees', 'payment_off_site'],
  ['just pay me with Zelle and it is yours', 'payment_off_site'],
  ['pay through Revolut, fastest way', 'payment_off_site'],
  ['I am abroad, my courier DHL will collect the item and bring the payment to me', 'payment_off_site'],
  ['The shipping agent will pick up the chair and collect the money from you', 'payment_off_site'],
  ['You need to pay the courier fee first, then I send it', 'payment_off_site'],
  ['Send 50% deposit upfront to hold it for you', 'payment_off_site'],
  ['Please transfer the money first and I post it today', 'payment_off_site'],
  ['Send me the verification code you get by SMS so I know you are real', 'payment_off_site'],
  ['I use PayPal F&F only', 'payment_off_site'],
  ['My sort code is 20-00-00, account number below', 'payment_off_site'],
];

/** Ordinary messages of this trade: none may flag. */
const ORDINARY: string[] = [
  'Is this still available?',
  'It is circa 1890, with the original brass handles',
  'It measures 45 x 30 cm and stands 75 cm high',
  'Would you take £1,250 for the pair?',
  'Collection from York after 6 works for me',
  'I can pay cash on collection',
  'Could you send a photo of the back of the drawer?',
  'The veneer has a small chip on the left corner, see photo 3',
  'I am free Saturday between 10 and 12',
  'Dimensions are 120x60x75cm, it fits through a normal door',
  'Made between 1890 and 1910 by a Sheffield maker, stamped underneath',
  'Would £80 be acceptable? I can collect tomorrow',
  'It weighs about 25 kg, you will need two people',
  'Yes, it comes with the original key',
  'The postcode for collection is YO1 7HH',
  'Happy to meet at the station car park at 5.30',
  'Thanks, I accept your request. When can you come?',
  'Can I pay by card when I collect? If not, cash is fine',
  'The clock runs, I had it serviced in 2019 for £120',
  'The set has 6 chairs, 2 are carvers',
  'Great, see you on the 14th at 2pm',
  'Is the price negotiable? My budget is around 300',
  'Sorry, it has been sold to someone else',
  'The mirror is 1.2 m by 0.8 m, silvering is original',
  'I can bring it to Leeds on Sunday for a small fuel contribution',
  'It is solid oak, not veneer, about 100 years old',
  'There are two small marks on the seat, otherwise very good',
  'Lot number 14 from the 1998 auction, with the receipt',
  'Please bring a blanket to wrap it, the glass is fragile',
  'We are at number 22, the blue door, ring the bell',
  'Item is in Oxford, OX1 2JD, ground floor, easy access',
  'I will transfer it to my van myself, no help needed',
];

describe('message flags', () => {
  it.each(SCAMS)('flags %j', (text, flag) => {
    expect(messageFlags(text, options)).toContain(flag);
  });

  it.each(ORDINARY)('does not flag %j', (text) => {
    expect(messageFlags(text, options)).toEqual([]);
  });

  it('has at least 30 of each', () => {
    expect(SCAMS.length).toBeGreaterThanOrEqual(30);
    expect(ORDINARY.length).toBeGreaterThanOrEqual(30);
  });

  it('a link to this site is not external; flags come in one order', () => {
    expect(messageFlags('Look at https://olden.example/productDetails/abc', options)).toEqual([]);
    expect(messageFlags('WhatsApp me on 07911 123456 or see example.com', options)).toEqual(['external_link', 'phone_number', 'messaging_app']);
  });

  it('reads national numbers in the locale’s region', () => {
    expect(phoneRegion('en-GB')).toBe('GB');
    expect(phoneRegion('de-DE')).toBe('DE');
    expect(phoneRegion('en-US')).toBe('US');
    expect(phoneRegion('en')).toBe('US');
  });

  it('stays fast on long input', () => {
    const long = `${'a1 '.repeat(600)}${'x'.repeat(200)}`;
    const started = performance.now();
    messageFlags(long, options);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
