import { describe, expect, it } from 'vitest';
import { FORM_LIMITS, formContentSchema, type FormContent } from '../../../shared/forms/form-definition';
import { addressShortcut } from '../../../shared/forms/address-shortcut';
import { narrowerSpan, widerSpan } from '../../../shared/forms/span';
import { US_STATE_CODES } from '../../../shared/forms/us-states';
import { FIELD_TYPES } from '../../../shared/forms/field-types';

const problems = (content: unknown) => {
  const result = formContentSchema.safeParse(content);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the form version schema', () => {
  it('takes a field of every type with its properties', () => {
    const fields = FIELD_TYPES.map((type, index) => ({ id: `f${index}`, name: type, type, properties: { required: true, placeholder: 'p', instructions: 'i', options: ['a'], maxLength: 5, min: 1, max: 2, link: 'https://example.org', paragraph: '<p>x</p>', minItems: 1, maxItems: 2, name: 'n', multiple: true, type: 'Image' } }));
    expect(problems({ layout: fields.map((field) => ({ id: `c-${field.id}`, fieldId: field.id, span: 1 })), fields })).toEqual([]);
  });
  it('refuses unknown types, file kinds and out-of-range properties', () => {
    const one = (properties: object, type = 'Text') => ({ layout: [{ id: 'c', fieldId: 'f' }], fields: [{ id: 'f', name: 'F', type, properties }] });
    expect(problems(one({}, 'Rocket'))).not.toEqual([]);
    expect(problems(one({ type: 'Video' }, 'File'))).not.toEqual([]);
    expect(problems(one({ maxLength: 0 }))).not.toEqual([]);
    expect(problems(one({ min: 3, max: 2 }, 'Number'))).toEqual(['Min must not be more than max.']);
    expect(problems(one({ minItems: 3, maxItems: 2 }, 'List'))).toEqual(['Min items must not be more than max items.']);
    expect(problems(one({ options: Array(FORM_LIMITS.options + 1).fill('a') }, 'Select'))).not.toEqual([]);
  });
  it('layout and fields agree: every field placed once, no unknown field, only sections hold fields', () => {
    const field = { id: 'f', name: 'F', type: 'Text', properties: {} };
    expect(problems({ layout: [], fields: [field] })).toEqual(['Every field must be placed in the layout.']);
    expect(problems({ layout: [{ id: 'c', fieldId: 'x' }], fields: [] })).toEqual(['The layout places the unknown field x.']);
    expect(problems({ layout: [{ id: 'c', fieldId: 'f' }, { id: 'd', fieldId: 'f' }], fields: [field] })).toEqual(['The field f is placed twice.']);
    expect(problems({ layout: [{ id: 'c', fieldId: 'f', children: [{ id: 'd' }] }], fields: [field] })).toEqual(['Only sections hold other fields (f).']);
    expect(problems({ layout: [{ id: 'c', fieldId: 'f' }], fields: [field, field] })).toEqual(['The field id f is used twice.']);
  });
  it('bounds the nesting of layouts', () => {
    let cell: object = { id: 'leaf' };
    for (let depth = 0; depth < FORM_LIMITS.layoutDepth; depth += 1) cell = { id: `c${depth}`, children: [cell] };
    expect(problems({ layout: [cell], fields: [] })).toEqual([`Layouts nest at most ${FORM_LIMITS.layoutDepth} deep.`]);
  });
  it('the Address shortcut is a section of the five SPEC fields', () => {
    let next = 0;
    const { cell, fields } = addressShortcut(() => `id${(next += 1)}`);
    const content: FormContent = { layout: [cell], fields };
    expect(problems(content)).toEqual([]);
    expect(fields.map((field) => [field.name, field.type, Boolean(field.properties.required)])).toEqual([
      ['Address', 'Address', false],
      ['Address One', 'Text', true],
      ['Address Two', 'Text', false],
      ['City', 'Text', true],
      ['State', 'Select', true],
      ['Zip Code', 'Text', true],
    ]);
    expect(fields[4].properties.options).toEqual([...US_STATE_CODES]);
    expect(US_STATE_CODES).toHaveLength(51);
    expect(US_STATE_CODES).toContain('DC');
  });
  it('spans grow by one and halve below 1', () => {
    expect(widerSpan(1)).toBe(2);
    expect(widerSpan(0.5)).toBe(1);
    expect(narrowerSpan(2)).toBe(1);
    expect(narrowerSpan(1)).toBe(0.5);
    expect(narrowerSpan(0.25)).toBe(0.25);
  });
});

describe('what changed between two versions', () => {
  it('lists fields added, removed and changed', async () => {
    const { versionDiff } = await import('../../../shared/forms/version-diff');
    const a = { id: 'a', name: 'A', type: 'Text' as const, properties: { required: true } };
    const b = { id: 'b', name: 'B', type: 'Text' as const, properties: {} };
    const c = { id: 'c', name: 'C', type: 'Number' as const, properties: {} };
    const before = { layout: [], fields: [a, b] };
    const after = { layout: [], fields: [{ ...a, properties: { required: false } }, c] };
    expect(versionDiff(before, after)).toEqual({ added: ['C'], removed: ['B'], changed: ['A'] });
    expect(versionDiff(before, before)).toEqual({ added: [], removed: [], changed: [] });
  });
});
