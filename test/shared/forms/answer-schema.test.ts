import { describe, expect, it } from 'vitest';
import { answersSchema, INVALID, REQUIRED, tooFewItems, tooLong, tooManyItems, tooShort, cleanOptions } from '../../../shared/forms/answer-schema';
import type { FieldProperties, FormField } from '../../../shared/forms/form-definition';
import type { FieldType } from '../../../shared/forms/field-types';
import { PHONE_COUNTRY_MESSAGE, PHONE_LENGTH_MESSAGE } from '../../../shared/forms/phone';

/** Validates `value` as the answer of one field; returns the messages (empty when valid). */
function messagesFor(type: FieldType, properties: FieldProperties, value: unknown): string[] {
  const field: FormField = { id: 'f', name: 'Field', type, properties };
  const result = answersSchema({ layout: [{ id: 'c', fieldId: 'f' }], fields: [field] }).safeParse(value === undefined ? {} : { f: value });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('answers of text fields (Text, TextArea)', () => {
  for (const type of ['Text', 'TextArea'] as const) {
    it(`${type}: optional takes empty, required says Required`, () => {
      expect(messagesFor(type, {}, undefined)).toEqual([]);
      expect(messagesFor(type, {}, '')).toEqual([]);
      expect(messagesFor(type, { required: true }, undefined)).toEqual([REQUIRED]);
      expect(messagesFor(type, { required: true }, '')).toEqual([REQUIRED]);
      expect(messagesFor(type, { required: true }, 'x')).toEqual([]);
    });
    it(`${type}: maxLength and min`, () => {
      expect(messagesFor(type, { maxLength: 3 }, 'abcd')).toEqual([tooLong(3)]);
      expect(messagesFor(type, { maxLength: 3 }, 'abc')).toEqual([]);
      expect(messagesFor(type, { min: 2 }, 'a')).toEqual([tooShort(2)]);
      expect(tooShort(2)).toBe('String must contain at least 2 character(s)');
    });
    it(`${type}: a non-string is Invalid input`, () => {
      expect(messagesFor(type, {}, 5)).toEqual([INVALID]);
    });
  }
});

describe('answers of typed fields', () => {
  it('Number: numbers and numeric text, min and max', () => {
    expect(messagesFor('Number', {}, '')).toEqual([]);
    expect(messagesFor('Number', { required: true }, '')).toEqual([REQUIRED]);
    expect(messagesFor('Number', {}, '12')).toEqual([]);
    expect(messagesFor('Number', {}, 'twelve')).toEqual([INVALID]);
    expect(messagesFor('Number', { min: 1, max: 5 }, 0)).toEqual(['Must be at least 1']);
    expect(messagesFor('Number', { min: 1, max: 5 }, 6)).toEqual(['Must be at most 5']);
    expect(answersSchema({ layout: [{ id: 'c', fieldId: 'n' }], fields: [{ id: 'n', name: 'N', type: 'Number', properties: {} }] }).parse({ n: '7' })).toEqual({ n: 7 });
  });
  it('PhoneNumber: US only with SPEC messages', () => {
    expect(messagesFor('PhoneNumber', {}, '555-123-4567')).toEqual([]);
    expect(messagesFor('PhoneNumber', {}, '+1 555 123 4567')).toEqual([]);
    expect(messagesFor('PhoneNumber', {}, '555-123')).toEqual([PHONE_LENGTH_MESSAGE]);
    expect(messagesFor('PhoneNumber', {}, '1 555 123 4567')).toEqual([PHONE_LENGTH_MESSAGE]);
    expect(messagesFor('PhoneNumber', {}, '+44 555 123 4567')).toEqual([PHONE_COUNTRY_MESSAGE]);
    expect(messagesFor('PhoneNumber', { required: true }, '')).toEqual([REQUIRED]);
  });
  it('Date: ISO days up to 9999-12-31', () => {
    expect(messagesFor('Date', {}, '2024-02-29')).toEqual([]);
    expect(messagesFor('Date', {}, '2023-02-29')).toEqual([INVALID]);
    expect(messagesFor('Date', {}, '02/01/2024')).toEqual([INVALID]);
    expect(messagesFor('Date', { required: true }, '')).toEqual([REQUIRED]);
  });
  it('Time: hours and minutes', () => {
    expect(messagesFor('Time', {}, '23:59')).toEqual([]);
    expect(messagesFor('Time', {}, '24:00')).toEqual([INVALID]);
  });
  it('Radio and Select: one of the non-empty options', () => {
    for (const type of ['Radio', 'Select'] as const) {
      expect(messagesFor(type, { options: ['A', '', 'B'] }, 'B')).toEqual([]);
      expect(messagesFor(type, { options: ['A', '', 'B'] }, '')).toEqual([]);
      expect(messagesFor(type, { options: ['A', 'B'] }, 'C')).toEqual([INVALID]);
      expect(messagesFor(type, { options: ['A'], required: true }, '')).toEqual([REQUIRED]);
    }
    expect(cleanOptions([' A ', '', 'B', 'A'])).toEqual(['A', 'B']);
  });
  it('Checkbox: a single box, or a choice of options', () => {
    expect(messagesFor('Checkbox', { required: true }, true)).toEqual([]);
    expect(messagesFor('Checkbox', { required: true }, false)).toEqual([REQUIRED]);
    expect(messagesFor('Checkbox', {}, false)).toEqual([]);
    expect(messagesFor('Checkbox', { options: ['A', 'B'] }, ['A'])).toEqual([]);
    expect(messagesFor('Checkbox', { options: ['A', 'B'] }, ['C'])).toEqual([INVALID]);
    expect(messagesFor('Checkbox', { options: ['A', 'B'], required: true }, [])).toEqual([REQUIRED]);
  });
  it('LinkEntry: a web address', () => {
    expect(messagesFor('LinkEntry', {}, 'https://example.org/a')).toEqual([]);
    expect(messagesFor('LinkEntry', {}, 'javascript:alert(1)')).toEqual([INVALID]);
    expect(messagesFor('LinkEntry', {}, 'not a link')).toEqual([INVALID]);
  });
  it('File: uploaded file references, one unless multiple', () => {
    const file = { key: 'uploads/a.pdf', name: 'a.pdf' };
    expect(messagesFor('File', { required: true }, [])).toEqual([REQUIRED]);
    expect(messagesFor('File', {}, [file])).toEqual([]);
    expect(messagesFor('File', {}, [file, file])).toEqual([tooManyItems(1)]);
    expect(messagesFor('File', { multiple: true }, [file, file])).toEqual([]);
    expect(messagesFor('File', {}, [{ key: '' }])).not.toEqual([]);
  });
  it('List: items validated by the template, with min and max items', () => {
    const template = { layout: [{ id: 'tc', fieldId: 't' }], fields: [{ id: 't', name: 'Name', type: 'Text' as const, properties: { required: true } }] };
    expect(messagesFor('List', { template, minItems: 2, maxItems: 3 }, [{ t: 'a' }, { t: 'b' }])).toEqual([]);
    expect(messagesFor('List', { template, minItems: 2 }, [{ t: 'a' }])).toEqual([tooFewItems(2)]);
    expect(messagesFor('List', { template, maxItems: 1 }, [{ t: 'a' }, { t: 'b' }])).toEqual([tooManyItems(1)]);
    expect(messagesFor('List', { template }, [{ t: '' }])).toEqual([REQUIRED]);
    expect(messagesFor('List', { template, required: true }, [])).toEqual([REQUIRED]);
  });
  it('fields that take no answer (Section, Address, Link, Paragraph, Heading, Separator) have no key', () => {
    for (const type of ['Section', 'Address', 'Link', 'Paragraph', 'Heading', 'Separator'] as const) {
      const schema = answersSchema({ layout: [{ id: 'c', fieldId: 'f' }], fields: [{ id: 'f', name: 'F', type, properties: { required: true } }] });
      expect(schema.parse({ f: 'anything' })).toEqual({});
    }
  });
  it('unknown keys are dropped, so stored answers hold only the version’s fields', () => {
    const schema = answersSchema({ layout: [{ id: 'c', fieldId: 'f' }], fields: [{ id: 'f', name: 'F', type: 'Text', properties: {} }] });
    expect(schema.parse({ f: 'a', other: 'b' })).toEqual({ f: 'a' });
  });
});
