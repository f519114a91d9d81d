/**
 * US phone numbers (SPEC.md section 5): ten digits, or eleven to thirteen with a country
 * prefix that must be 1. Returns the SPEC message, or null when the number is fine.
 */
export const PHONE_LENGTH_MESSAGE = 'Invalid phone number length';
export const PHONE_COUNTRY_MESSAGE = 'Invalid country code (+1 US only)';

export function phoneProblem(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) return null;
  if (digits.length < 10 || digits.length > 13) return PHONE_LENGTH_MESSAGE;
  return digits.slice(0, digits.length - 10) === '1' ? null : PHONE_COUNTRY_MESSAGE;
}

/** Groups digits 3-3-4, with the country prefix in front for 11 to 13 digits. */
export function formatPhone(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.length < 10) return text;
  const local = digits.slice(-10);
  const prefix = digits.slice(0, -10);
  const grouped = `${local.slice(0, 3)}-${local.slice(3, 6)}-${local.slice(6)}`;
  return prefix ? `+${prefix} ${grouped}` : grouped;
}

/** A valid US number in E.164 (`+15551234567`), the form SNS sends to and replies from. */
export function toE164(text: string): string {
  return `+1${text.replace(/\D/g, '').slice(-10)}`;
}
