import { describe, expect, it } from 'vitest';
import { formatPhone, PHONE_COUNTRY_MESSAGE, PHONE_LENGTH_MESSAGE, phoneProblem, toE164 } from '../../../shared/forms/phone';
import { phoneNumberSchema, profileDetailsFormSchema } from '../../../shared/schemas/user-profile';

/** SPEC.md section 5 and docs/security.md "Phone numbers": what is accepted, and how a number is shown. */
describe('US phone numbers', () => {
  it('accepts ten digits, with or without separators, and +1 before them', () => {
    for (const ok of ['8285550100', '828-555-0100', '(828) 555 0100', '828.555.0100', '+1 828 555 0100', '+1 (828) 555-0100', '+1-828-555-0100', '+18285550100']) {
      expect(phoneProblem(ok), ok).toBeNull();
    }
  });

  it("says 'Invalid phone number length' for more than ten digits, fewer, or none", () => {
    for (const bad of ['', '   ', '12345', '828-555-010', '18285550100', '1 828 555 0100', '828 555 0100 1', '+1 828 555 01001', '+1', '+', '+8285550100', 'phone']) {
      expect(phoneProblem(bad), JSON.stringify(bad)).toBe(PHONE_LENGTH_MESSAGE);
    }
  });

  it("says 'Invalid country code (+1 US only)' for a plus and any other code", () => {
    for (const bad of ['+44 20 7946 0958', '+52 55 1234 5678', '+44 828 555 0100', '+442079460958', '+7 1']) {
      expect(phoneProblem(bad), bad).toBe(PHONE_COUNTRY_MESSAGE);
    }
  });

  it('groups 3-3-4 for display, with the country prefix for 11 to 13 digits', () => {
    expect(formatPhone('8285550100')).toBe('828-555-0100');
    expect(formatPhone('+1 (828) 555 0100')).toBe('+1 828-555-0100');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 207-946-0958');
    expect(formatPhone('+358 828 555 0100')).toBe('+358 828-555-0100');
    // Fewer than 10 or more than 13 digits: shown as given.
    expect(formatPhone('555-0100')).toBe('555-0100');
    expect(formatPhone('12345678901234')).toBe('12345678901234');
    expect(toE164('+1 828-555-0100')).toBe('+18285550100');
  });

  it('the profile schema refuses an empty number and stores a valid one grouped', () => {
    expect(phoneNumberSchema.safeParse('').error?.issues.map((i) => i.message)).toEqual([PHONE_LENGTH_MESSAGE]);
    expect(phoneNumberSchema.safeParse('17045550100').error?.issues.map((i) => i.message)).toEqual([PHONE_LENGTH_MESSAGE]);
    expect(phoneNumberSchema.parse(' (704) 555 0100 ')).toBe('704-555-0100');
    expect(phoneNumberSchema.parse('+1 704 555 0100')).toBe('+1 704-555-0100');
  });

  it("the details form leaves a phone still as loaded out of the save, and checks a changed one, emptied too", () => {
    const none = profileDetailsFormSchema({});
    expect(none.parse({ phoneNumber: '', secondPhoneNumber: '' })).toEqual({ phoneNumber: undefined, secondPhoneNumber: undefined });
    const some = profileDetailsFormSchema({ phoneNumber: '704-555-0100' });
    expect(some.parse({ phoneNumber: '704-555-0100' }).phoneNumber).toBeUndefined();
    expect(some.parse({ phoneNumber: '7045550199' }).phoneNumber).toBe('704-555-0199');
    expect(some.safeParse({ phoneNumber: '' }).error?.issues.map((i) => i.message)).toEqual([PHONE_LENGTH_MESSAGE]);
  });
});
