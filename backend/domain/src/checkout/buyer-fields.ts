import { messages } from '../messages';

/** Spec §9. */
export const nameMaxLength = 80;
export const phoneLength = 9;

/**
 * Letters of any alphabet with their accents (ñ, ü, é, and combining marks typed separately),
 * spaces, hyphens, and both apostrophes: phones type ’ where a keyboard types '.
 */
const allowedNameCharacter = /[\p{L}\p{M} '’-]/u;
/**
 * A mark belongs to the letter before it, and a letter takes at most three: a "name" of marks alone
 * showed blank to the admin, and a letter under dozens of stacked marks ("Zalgo") covered the lines near it.
 */
const validName = /^(?:\p{L}\p{M}{0,3}|[ '’-])+$/u;
const hasLetter = /\p{L}/u;
const ninePhoneDigits = new RegExp(`^\\d{${phoneLength}}$`);

/** What the name field keeps of each keystroke or paste: allowed characters only, 80 at most. */
export function filterNameInput(text: string): string {
  return Array.from(text.normalize('NFC'))
    .filter((character) => allowedNameCharacter.test(character))
    .slice(0, nameMaxLength)
    .join('');
}

/** Peru's calling code, which a number copied from WhatsApp or a contact card carries: +51 987 654 321. */
const peruCallingCode = '51';
/** The code as written before a number: "+51", or "0051" at its start. */
const writtenCallingCode = /(?:\+|^\s*00)\s*51/;

/**
 * What the phone field keeps of each keystroke or paste (`previous`: the field's value before it):
 * ASCII digits only (full-width ones read as such; the field opens a numeric keypad), and no more than
 * the 9 a phone has: what is typed or pasted goes in as far as it fits, as in a field with a maximum
 * length (a full field refuses another digit). A number given with Peru's calling code (+51, 0051, or
 * 11 digits starting with 51) keeps its 9 national digits, typed key by key too ('+', '+5', '+51' stay
 * until the first digit of the number: typed digits went in after a dropped '+', as 51987654…, QA; digits
 * that begin with 51 are held up to 11, then the code goes).
 */
export function filterPhoneInput(text: string, previous = ''): string {
  // Peru's calling code typed key by key stays until the number's first digit comes, which takes its place.
  const typedCode = /^\s*\+\s*(5\s*(1\s*)?)?$/.exec(text.normalize('NFKC'));
  if (typedCode) return `+${typedCode[1] ? '5' : ''}${typedCode[2] ? '1' : ''}`;
  const digits = phoneDigits(text);
  const room = digitsTaken(digits);
  if (digits.length <= room) return digits;
  // What was typed or pasted is what lies between the digits kept before and after it; as much of it as fits goes in.
  let before = 0;
  while (before < previous.length && digits[before] === previous[before]) before += 1;
  let after = 0;
  while (after < previous.length - before && digits[digits.length - 1 - after] === previous[previous.length - 1 - after]) after += 1;
  const inserted = digits.slice(before, digits.length - after).slice(0, room - before - after);
  return phoneDigits(previous.slice(0, before) + inserted + previous.slice(previous.length - after));
}

/**
 * How many digits the field holds: a phone's 9, or 11 while they begin with Peru's calling code, so that
 * 51987654321 typed key by key ends as the national number, as it does pasted (it kept 519876543, QA).
 */
function digitsTaken(digits: string): number {
  return digits.startsWith(peruCallingCode) ? peruCallingCode.length + phoneLength : phoneLength;
}

/**
 * Whether the phone field drops digits of what it was given (`text`: its whole value after a keystroke or
 * paste): more than a phone's 9, once Peru's calling code is taken off. A foreign number pasted keeps only
 * what fits, so the field says so rather than keep a wrong number without a word.
 */
export function phoneInputDropsDigits(text: string): boolean {
  const digits = phoneDigits(text);
  return digits.length > digitsTaken(digits);
}

/** The digits of a typed or pasted number, without Peru's calling code when it is given. */
function phoneDigits(text: string): string {
  const digits = text.normalize('NFKC').replace(writtenCallingCode, '').replace(/\D/g, '');
  return digits.length === peruCallingCode.length + phoneLength && digits.startsWith(peruCallingCode) ? digits.slice(peruCallingCode.length) : digits;
}

export interface BuyerFields {
  name: string;
  email: string;
  phone: string;
}

export interface FieldProblem {
  field: string;
  message: string;
}

function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/**
 * Spec §5's checks in the spec's order; only the first failure is reported, because the shop shows
 * one toast at a time. `proof` says whether the proof came, so the form (a file) and the request
 * (a stored key) share the checks.
 */
export function firstBuyerProblem(
  value: Partial<Record<keyof BuyerFields, unknown>>,
  proof: { field: string; present: boolean },
): FieldProblem | null {
  const missing = (['name', 'email', 'phone'] as const).find((field) => !isFilled(value[field]));
  if (missing) return { field: missing, message: messages.checkout.missingFields };
  if (!proof.present) return { field: proof.field, message: messages.checkout.missingFields };
  const { name, phone } = value as BuyerFields;
  if (name.trim() === '') return { field: 'name', message: messages.checkout.nameAndPhoneRequired };
  if (phone.trim() === '') return { field: 'phone', message: messages.checkout.nameAndPhoneRequired };
  if (!ninePhoneDigits.test(phone.trim())) return { field: 'phone', message: messages.checkout.phoneDigits };
  const cleanName = normaliseName(name);
  if (!validName.test(cleanName) || !hasLetter.test(cleanName) || Array.from(cleanName).length > nameMaxLength) {
    return { field: 'name', message: messages.checkout.invalidName };
  }
  return null;
}

export function normaliseBuyer(value: BuyerFields): BuyerFields {
  return { name: normaliseName(value.name), email: value.email.trim(), phone: value.phone.trim() };
}

function normaliseName(name: string): string {
  return name.normalize('NFC').trim();
}
