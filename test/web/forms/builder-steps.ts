import fc from 'fast-check';
import { allCells, type FormContent } from '@shared/forms/form-definition';
import { appendCell, dropBeside, moveCell, moveIntoSection, moveOutOfSection, removeCell, resizeCell, type Direction } from '../../../web/src/features/forms/builder/layout-ops';
import { PALETTE } from '../../../web/src/features/forms/builder/palette';

/** Every edit the builder offers (palette add, keyboard move, drop, resize, remove, in and out of sections), as data. */
const paletteItems = PALETTE.flatMap((group) => group.items);
const builderStep = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), label: fc.constantFrom(...paletteItems.map((item) => item.label)) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), direction: fc.constantFrom<Direction>('up', 'down', 'left', 'right') }),
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat(), target: fc.nat(), side: fc.constantFrom('before', 'after', 'left', 'right') as fc.Arbitrary<'before' | 'after' | 'left' | 'right'> }),
  fc.record({ kind: fc.constant('resize' as const), pick: fc.nat(), wider: fc.boolean() }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('section' as const), pick: fc.nat(), into: fc.boolean() }),
);
type BuilderStep = typeof builderStep extends fc.Arbitrary<infer T> ? T : never;

/** Any form content the builder can produce: a random sequence of its edits from an empty canvas. */
export const builderContent = (maxSteps = 25): fc.Arbitrary<FormContent> => fc.array(builderStep, { maxLength: maxSteps }).map(applyBuilderSteps);

export function addFromPalette(content: FormContent, label: string): FormContent {
  const { cell, fields } = paletteItems.find((item) => item.label === label)!.create();
  return appendCell(content, cell, fields);
}

function applyBuilderSteps(steps: BuilderStep[]): FormContent {
  let content: FormContent = { layout: [], fields: [] };
  for (const s of steps) {
    const cells = allCells(content.layout).filter((cell) => cell.fieldId);
    const at = (n: number) => cells[n % Math.max(cells.length, 1)];
    if (s.kind === 'add') content = addFromPalette(content, s.label);
    else if (!cells.length) continue;
    else if (s.kind === 'move') content = moveCell(content, at(s.pick).id, s.direction) ?? content;
    else if (s.kind === 'drop') content = dropBeside(content, at(s.pick).id, at(s.target).id, s.side) ?? content;
    else if (s.kind === 'resize') content = resizeCell(content, at(s.pick).id, s.wider);
    else if (s.kind === 'section') content = (s.into ? moveIntoSection : moveOutOfSection)(content, at(s.pick).id) ?? content;
    else content = removeCell(content, at(s.pick).id);
  }
  return content;
}
