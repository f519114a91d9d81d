import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersSchema } from '@shared/forms/answer-schema';
import { allCells, formContentSchema, type FormContent } from '@shared/forms/form-definition';
import { appendCell, dropBeside, dropSide, moveCell, moveIntoSection, moveOutOfSection, removeCell, resizeCell, type Direction } from '../../../web/src/features/forms/builder/layout-ops';
import { PALETTE } from '../../../web/src/features/forms/builder/palette';

const items = PALETTE.flatMap((group) => group.items);
const empty: FormContent = { layout: [], fields: [] };
const add = (content: FormContent, label: string) => {
  const { cell, fields } = items.find((item) => item.label === label)!.create();
  return appendCell(content, cell, fields);
};
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
    const step = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), label: fc.constantFrom(...items.map((item) => item.label)) }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), direction: fc.constantFrom<Direction>('up', 'down', 'left', 'right') }),
      fc.record({ kind: fc.constant('drop' as const), pick: fc.nat(), target: fc.nat(), side: fc.constantFrom('before', 'after', 'left', 'right') as fc.Arbitrary<'before' | 'after' | 'left' | 'right'> }),
      fc.record({ kind: fc.constant('resize' as const), pick: fc.nat(), wider: fc.boolean() }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('section' as const), pick: fc.nat(), into: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        let content = empty;
        for (const s of steps) {
          const cells = allCells(content.layout).filter((cell) => cell.fieldId);
          const at = (n: number) => cells[n % Math.max(cells.length, 1)];
          if (s.kind === 'add') content = add(content, s.label);
          else if (!cells.length) continue;
          else if (s.kind === 'move') content = moveCell(content, at(s.pick).id, s.direction) ?? content;
          else if (s.kind === 'drop') content = dropBeside(content, at(s.pick).id, at(s.target).id, s.side) ?? content;
          else if (s.kind === 'resize') content = resizeCell(content, at(s.pick).id, s.wider);
          else if (s.kind === 'section') content = (s.into ? moveIntoSection : moveOutOfSection)(content, at(s.pick).id) ?? content;
          else content = removeCell(content, at(s.pick).id);
        }
        const saved = formContentSchema.parse(JSON.parse(JSON.stringify(content)));
        expect(saved).toEqual(content);
        expect(() => answersSchema(saved).safeParse({})).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});
