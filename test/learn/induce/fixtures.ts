/** Small hand-made datasets for the inducer's tests: seeded, so every run sees the same examples. */
import { Example } from '../../../src/core/schemas/example.js';
import { mulberry32 } from '../../../src/core/random.js';

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/**
 * Three intents. "pending" occurs in two of them and "cash" in two of them, so only the pair
 * (pending, cash) says `pending_cash`; the label names' own words are strong triggers.
 */
export function intents(seed: number, perClass: number, split: 'train' | 'dev' | 'test'): Example[] {
  const r = mulberry32(seed);
  const subjects = ['my', 'the', 'a', 'this'];
  const tails = ['', ' please', ' today', ' again', ' help'];
  const make: Record<string, () => string> = {
    refund_request: () => pick(r, [`I want a refund for ${pick(r, subjects)} order`, `Can I get my money back${pick(r, tails)}`, `Please refund ${pick(r, subjects)} purchase`, `How do refunds work${pick(r, tails)}`, `Was my order refunded${pick(r, tails)}`]),
    pending_cash: () => pick(r, [`Why is ${pick(r, subjects)} cash withdrawal still pending`, `The cash I took out is pending${pick(r, tails)}`, `Pending cash at the ATM${pick(r, tails)}`, `My ATM cash shows as pending`, `Cash still pending after ${pick(r, ['two', 'three', 'five'])} days`]),
    pending_transfer: () => pick(r, [`Why is ${pick(r, subjects)} transfer still pending`, `The transfer I sent is pending${pick(r, tails)}`, `Pending transfer to my friend${pick(r, tails)}`, `My bank transfer shows as pending`, `Transfer still pending after ${pick(r, ['two', 'three', 'five'])} days`]),
    cash_limit: () => pick(r, [`What is the cash limit${pick(r, tails)}`, `How much cash can I take out per day`, `Is there a limit on cash withdrawals`, `Daily cash limit at the ATM${pick(r, tails)}`, `Can I raise ${pick(r, subjects)} cash limit`]),
  };
  const out: Example[] = [];
  for (const label of Object.keys(make).sort())
    for (let i = 0; i < perClass; i++) out.push(Example.parse({ id: `${split}-${label}-${i}`, text: make[label]!(), label, split }));
  return out;
}

/**
 * Support tickets of five kinds, each worded eight ways with greetings and sign-offs around them:
 * few texts per wording, so covering's fallback passes find near-copies of earlier triggers
 * ("charge*" after "charg*") that an earlier rule shadows.
 */
export function tickets(seed: number, perClass: number, split: 'train' | 'dev' | 'test'): Example[] {
  const r = mulberry32(seed);
  const plan = () => pick(r, ['pro', 'basic', 'team']);
  const browser = () => pick(r, ['Firefox', 'Safari', 'Chrome', 'Edge']);
  const make: Record<string, () => string> = {
    billing: () => pick(r, [`I was charged twice for my ${plan()} plan`, 'Why is my invoice higher this month?', 'Please refund the extra charge on my card', `The ${plan()} subscription price changed without notice`, "Can I get a receipt for last month's payment?", 'My credit card was billed after I cancelled', 'How do I update my payment method?', "There's a charge I don't recognise on my statement"]),
    login_access: () => pick(r, ["I can't log in to my account", 'Password reset email never arrives', 'My account is locked after too many attempts', 'Two-factor code is not accepted', 'How do I change the email I sign in with?', 'The app keeps logging me out', 'I forgot my username', 'SSO login fails with an error']),
    bug_report: () => pick(r, [`The export button does nothing on ${browser()}`, 'App crashes when I open settings', `Charts don't load on the dashboard in ${browser()}`, 'Error 500 when saving a report', 'The search results are empty even though data exists', 'Uploading a CSV freezes the page', 'Notifications show the wrong date', 'Dark mode makes text unreadable']),
    shipping_delay: () => pick(r, [`My order hasn't arrived after ${pick(r, [5, 7, 10, 14])} days`, 'Where is my package?', 'Tracking number shows no updates', 'The delivery was supposed to be yesterday', 'When will my order ship?', 'Courier says the parcel is delayed', 'My shipment is stuck in customs', 'Order status still says processing after a week']),
    feature_request: () => pick(r, ['Please add an option to export to PDF', 'It would be great to have a dark theme', `Can you support ${browser()} extensions?`, "I'd love keyboard shortcuts for navigation", 'Could you add bulk editing?', 'Please integrate with Slack', 'Would be nice to schedule reports', 'Add the ability to share dashboards publicly']),
  };
  const wrap = (t: string) => `${pick(r, ['', 'Hi, ', 'Hello team, ', 'Urgent: ', 'Quick question - '])}${t}${pick(r, ['', ' Thanks.', ' Please help.', ' Any update?', ' This is frustrating.'])}`;
  const out: Example[] = [];
  for (const label of Object.keys(make).sort())
    for (let i = 0; i < perClass; i++) out.push(Example.parse({ id: `${split}-${label}-${i}`, text: wrap(make[label]!()), label, split }));
  return out;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Court-style documents with DATE spans (full dates and years after "in"), CODE spans
 * (application numbers after "no.") and unlabelled distractors: fractions, "the 1998 Act", page numbers.
 */
export function judgments(seed: number, n: number, split: 'train' | 'dev' | 'test'): Example[] {
  const r = mulberry32(seed);
  const out: Example[] = [];
  for (let k = 0; k < n; k++) {
    const parts: string[] = [];
    const spans: { start: number; end: number; label: string }[] = [];
    let text = '';
    const add = (s: string, label?: string) => {
      if (label) spans.push({ start: text.length, end: text.length + s.length, label });
      text += s;
    };
    const year = () => String(1950 + Math.floor(r() * 60));
    const date = () => `${1 + Math.floor(r() * 28)} ${pick(r, MONTHS)} ${year()}`;
    const code = () => `${1000 + Math.floor(r() * 89000)}/${String(Math.floor(r() * 100)).padStart(2, '0')}`;
    add('The case originated in an application (no. ');
    add(code(), 'CODE');
    add(') lodged on ');
    add(date(), 'DATE');
    add('. The applicant was born in ');
    add(year(), 'DATE');
    add(` and lives in ${pick(r, ['Ankara', 'Oslo', 'Lyon', 'Gdańsk'])}. `);
    add(`Under section ${Math.floor(r() * 90)} of the ${year()} Act, ${1 + Math.floor(r() * 8)}/${2 + Math.floor(r() * 8)} of the votes were cast on page ${Math.floor(r() * 400)}. `);
    add('On ');
    add(date(), 'DATE');
    add(' the court gave judgment.');
    parts.push(text);
    out.push(Example.parse({ id: `${split}-doc-${k}`, text, spans, split }));
  }
  return out;
}

/** Receipts: the total follows TOTAL (a subtotal and tax come first); the date follows DATE:. */
export function receipts(seed: number, n: number, split: 'train' | 'dev' | 'test'): Example[] {
  const r = mulberry32(seed);
  const out: Example[] = [];
  for (let k = 0; k < n; k++) {
    const sub = 1 + Math.floor(r() * 200) + Math.floor(r() * 100) / 100;
    const tax = Math.round(sub * 6) / 100;
    const total = (sub + tax).toFixed(2);
    const date = `${String(1 + Math.floor(r() * 28)).padStart(2, '0')}/${String(1 + Math.floor(r() * 12)).padStart(2, '0')}/20${10 + Math.floor(r() * 15)}`;
    const store = pick(r, ['ACME STORE', 'KEDAI RUNCIT', 'BOOK TA .K', 'MR DIY']);
    const text = `${store}\nTEL: 03-${1000 + Math.floor(r() * 8999)} ${1000 + Math.floor(r() * 8999)}\nDATE: ${date}\nITEM x${1 + Math.floor(r() * 4)}  ${sub.toFixed(2)}\nSUBTOTAL ${sub.toFixed(2)}\nTAX ${tax.toFixed(2)}\nTOTAL ${total}\nTHANK YOU`;
    out.push(Example.parse({ id: `${split}-r-${k}`, input: { text }, output: { date, total }, split }));
  }
  return out;
}

const FUNCTION_WORDS = ['the', 'a', 'i', 'you', 'to', 'and', 'but', 'for', 'in', 'is', 'it', 'my', 'me', 'of', 'on', 'at', 'so', 'that', 'this', 'we', 'be', 'can', 'not', 'just', 'now'];
const SPAM_CUES = ['prize', 'winner', 'claim', 'txt', 'urgent', 'voucher'];

/**
 * A skewed binary set like SMS spam: `rate` of the texts are `spam`, each with one or two cue words
 * (prize, winner, claim, txt, urgent, voucher) among random words; the rest are `ham`, random
 * function words and made-up content words with no cue of their own (a cue turns up in 2% of
 * them). Only the rare class has triggers; the majority is what is left.
 */
export function skewedMessages(seed: number, n: number, rate: number, split: 'train' | 'dev' | 'test'): Example[] {
  const r = mulberry32(seed);
  const syllables = ['ba', 'ko', 'ti', 'nu', 'me', 'ra', 'so', 'li', 'du', 'fe', 'go', 'pa'];
  const content = () => `${pick(r, syllables)}${pick(r, syllables)}${pick(r, syllables)}`;
  const words = (k: number) => Array.from({ length: k }, () => (r() < 0.5 ? pick(r, FUNCTION_WORDS) : content()));
  const out: Example[] = [];
  for (let i = 0; i < n; i++) {
    const spam = r() < rate;
    const ws = words(4 + Math.floor(r() * 6));
    const cues = spam ? 1 + Math.floor(r() * 2) : r() < 0.02 ? 1 : 0;
    for (let c = 0; c < cues; c++) ws.splice(Math.floor(r() * (ws.length + 1)), 0, pick(r, SPAM_CUES));
    out.push(Example.parse({ id: `${split}-msg-${i}`, text: ws.join(' '), label: spam ? 'spam' : 'ham', split }));
  }
  return out;
}

/** Six short bank messages (3 refund, 3 card) as train rows, and two more as dev: for suggestions from one text. */
export function bankMessages(): Example[] {
  const row = (id: string, text: string, label: string, split: 'train' | 'dev' = 'train') => Example.parse({ id, text, label, split });
  return [
    row('a', 'my refund has not arrived', 'refund'),
    row('b', 'where is my refund', 'refund'),
    row('c', 'refund the late fee please', 'refund'),
    row('d', 'my card has not arrived', 'card'),
    row('e', 'my card was declined', 'card'),
    row('f', 'the fee on my card', 'card'),
    row('g', 'refund me now', 'refund', 'dev'),
    row('h', 'my card is lost', 'card', 'dev'),
  ];
}
