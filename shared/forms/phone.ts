/**
 * US phone numbers (SPEC.md section 5; docs/security.md, "Phone numbers"). A number is ten
 * digits; a country code may come before it only written with a plus ('+1 828 555 0100'), and
 * it must be 1. More or fewer than ten digits, or none, is 'Invalid phone number length'; a
 * plus with any other code is 'Invalid country code (+1 US only)'. Spaces, dashes, dots and
 * brackets between the digits are allowed.
 */
export const PHONE_LENGTH_MESSAGE = 'Invalid phone number length';
export const PHONE_COUNTRY_MESSAGE = 'Invalid country code (+1 US only)';

/** The digits of a number a person can dial in the US. */
export const PHONE_DIGITS = 10;
export const US_COUNTRY_CODE = '1';

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The country code and the number of a typed phone. With a plus, the code is the digits up to
 * the first separator ('+44 20 ...'), or, written without one ('+18285550100'), those before the
 * last ten.
 */
function partsOf(text: string): { countryCode: string | null; number: string } {
  const trimmed = text.trim();
  if (!trimmed.startsWith('+')) return { countryCode: null, number: digitsOf(trimmed) };
  const [, code, rest] = /^\+(\d*)(.*)$/s.exec(trimmed)!;
  if (rest.trim() !== '') return { countryCode: code, number: digitsOf(rest) };
  return code.length > PHONE_DIGITS ? { countryCode: code.slice(0, -PHONE_DIGITS), number: code.slice(-PHONE_DIGITS) } : { countryCode: '', number: code };
}

/** SPEC's message for a typed number, or null when it is fine. An empty number is not. */
export function phoneProblem(text: string): string | null {
  const { countryCode, number } = partsOf(text);
  if (countryCode && countryCode !== US_COUNTRY_CODE) return PHONE_COUNTRY_MESSAGE;
  return number.length === PHONE_DIGITS && countryCode !== '' ? null : PHONE_LENGTH_MESSAGE;
}

/**
 * Display: digits grouped 3-3-4, and 11 to 13 digits with their country prefix in front
 * ('+1 828-555-0100'). What is accepted is phoneProblem's; this only shows what it is given.
 */
export function formatPhone(text: string): string {
  const digits = digitsOf(text);
  if (digits.length < PHONE_DIGITS || digits.length > PHONE_DIGITS + 3) return text;
  const local = digits.slice(-PHONE_DIGITS);
  const prefix = digits.slice(0, -PHONE_DIGITS);
  const grouped = `${local.slice(0, 3)}-${local.slice(3, 6)}-${local.slice(6)}`;
  return prefix ? `+${prefix} ${grouped}` : grouped;
}

/** A valid US number in E.164 (`+15551234567`), the form SNS sends to and replies from. */
export function toE164(text: string): string {
  return `+${US_COUNTRY_CODE}${digitsOf(text).slice(-PHONE_DIGITS)}`;
}
