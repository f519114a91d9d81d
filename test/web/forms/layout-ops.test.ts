import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersSchema } from '@shared/forms/answer-schema';
import { allCells, formContentSchema, type FormContent } from '@shared/forms/form-definition';
import { dropBeside, dropSide, moveCell, moveIntoSection, moveOutOfSection, removeCell, resizeCell } from '../../../web/src/features/forms/builder/layout-ops';
import { PALETTE } from '../../../web/src/features/forms/builder/palette';
import { addFromPalette, builderContent } from './builder-steps';

const empty: FormContent = { layout: [], fields: [] };
const add = addFromPalette;
const cellOf = (content: FormContent, name: string) => allCells(content.layout).find((cell) => content.fields.find((field) => field.id === cell.fieldId)?.name === name)!;
const rowNames = (content: FormContent) =>
  content.layout.map((row) => (row.fieldId ? [content.fields.find((f) => f.id === row.fieldId)!.name] : (row.children ?? []).map((cell) => content.fields.find((f) => f.id === cell.fieldId)!.name)));

describe('builder layout edits', () => {
  it('the palette is SPEC’s, in order', () => {
    expect(PALETTE.map((group) => [group.group, group.items.map((item) => item.label)])).toEqual([
      ['Shortcuts', ['Address']],
      ['Input', ['Text', 'Text Area', 'Number', 'Phone', 'Date', 'Time', 'Radio', 'Checkbox', 'Select', 'File', 'List', 'Link Entry']],
      ['Information', ['Link', 'Paragraph']],
      ['Layout', ['Heading', 'Separator']],
    ]);
  });

  it('moves by keyboard: into rows and back out, left and right, and resizes', () => {
    let content = add(add(add(empty, 'Text'), 'Number'), 'Date');
    expect(rowNames(content)).toEqual([['Text'], ['Number'], ['Date']]);
    content = moveCell(content, cellOf(content, 'Date').id, 'up')!;
    expect(rowNames(content)).toEqual([['Text'], ['Date'], ['Number']]);
    content = dropBeside(content, cellOf(content, 'Number').id, cellOf(content, 'Text').id, 'right')!;
    expect(rowNames(content)).toEqual([['Text', 'Number'], ['Date']]);
    content = moveCell(content, cellOf(content, 'Number').id, 'left')!;
    expect(rowNames(content)).toEqual([['Number', 'Text'], ['Date']]);
    expect(moveCell(content, cellOf(content, 'Number').id, 'left')).toBeNull();
    content = moveCell(content, cellOf(content, 'Text').id, 'down')!;
    expect(rowNames(content)).toEqual([['Number'], ['Text'], ['Date']]);
    content = resizeCell(content, cellOf(content, 'Text').id, false);
    expect(cellOf(content, 'Text').span).toBe(0.5);
    content = removeCell(content, cellOf(content, 'Text').id);
    expect(rowNames(content)).toEqual([['Number'], ['Date']]);
    expect(formContentSchema.safeParse(content).success).toBe(true);
  });

  it('moves by keyboard into the section above and back out below it', () => {
    let content = add(add(empty, 'Address'), 'Text');
    const section = content.layout[0];
    expect(moveOutOfSection(content, cellOf(content, 'Text').id)).toBeNull();
    content = moveIntoSection(content, cellOf(content, 'Text').id)!;
    expect(content.layout).toHaveLength(1);
    const inside = allCells(content.layout[0].children ?? []);
    expect(inside.at(-1)?.id).toBe(cellOf(content, 'Text').id);
    expect(moveIntoSection(content, cellOf(content, 'Text').id)).toBeNull();
    content = moveOutOfSection(content, cellOf(content, 'City').id)!;
    expect(rowNames(content)).toEqual([['Address'], ['City']]);
    expect(allCells([content.layout[0]]).some((cell) => cell.id === cellOf(content, 'City').id)).toBe(false);
    expect(content.layout[0].id).toBe(section.id);
    expect(formContentSchema.safeParse(content).success).toBe(true);
  });

  it('removing the Address section removes its fields', () => {
    const content = add(empty, 'Address');
    expect(content.fields).toHaveLength(6);
    expect(removeCell(content, content.layout[0].id)).toEqual(empty);
  });

  it('drop zones: 20%/80% across go beside, 30%/70% down go above or below', () => {
    const rect = { left: 0, top: 0, width: 100, height: 100 };
    expect(dropSide(rect, 10, 50)).toBe('left');
    expect(dropSide(rect, 90, 50)).toBe('right');
    expect(dropSide(rect, 50, 20)).toBe('before');
    expect(dropSide(rect, 50, 80)).toBe('after');
  });

  it('any layout the builder can produce is a valid version that round-trips through JSON and validates answers', () => {
    fc.assert(
      fc.property(builderContent(), (content) => {
        const saved = formContentSchema.parse(JSON.parse(JSON.stringify(content)));
        expect(saved).toEqual(content);
        expect(() => answersSchema(saved).safeParse({})).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});
