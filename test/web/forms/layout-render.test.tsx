import { cleanup, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allCells, formContentSchema } from '@shared/forms/form-definition';
import { FormRunner } from '../../../web/src/components/form-runner/FormRunner';
import { builderContent } from './builder-steps';

/** Fields that show no name of their own in the runner (a rule, a block of text, a group's frame). */
const UNNAMED_IN_RUNNER = new Set(['Separator', 'Paragraph', 'Section']);

describe('the runner renders any form the builder can produce', () => {
  it('every field placed on the canvas appears, by its name, in the runner, after a save and load', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(builderContent(12), async (built) => {
        const content = formContentSchema.parse(JSON.parse(JSON.stringify(built)));
        const { container } = render(<FormRunner content={content} onSave={async () => undefined} />);
        try {
          expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
          const placed = allCells(content.layout).flatMap((cell) => content.fields.filter((field) => field.id === cell.fieldId));
          for (const field of placed) {
            if (UNNAMED_IN_RUNNER.has(field.type)) continue;
            expect(container.textContent, `${field.type} ${field.name}`).toContain(field.name || field.type);
          }
        } finally {
          cleanup();
        }
      }),
      { numRuns: 25 },
    );
  });
});
