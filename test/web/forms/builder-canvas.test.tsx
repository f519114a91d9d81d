import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormContent } from '@shared/forms/form-definition';
import { FormBuilder } from '../../../web/src/features/forms/builder/FormBuilder';
import { expectNoAxeViolations } from '../../support/axe';

/** The builder's canvas (issue 28, item 9): each field previewed as the participant will see it, its actions grouped quietly. */
const content: FormContent = {
  layout: [
    { id: 'c1', fieldId: 'name' },
    { id: 'c2', fieldId: 'language' },
  ],
  fields: [
    { id: 'name', name: 'Full legal name', type: 'Text', properties: { required: true, placeholder: 'As on your passport' } },
    { id: 'language', name: 'Primary language', type: 'Select', properties: { options: ['English', 'Spanish'] } },
  ],
};

function Harness() {
  const [value, setValue] = useState(content);
  return (
    <main>
      <FormBuilder content={value} onChange={setValue} isReadOnly={false} />
    </main>
  );
}

describe('the form builder’s canvas', () => {
  it('draws only the top-level cells the editor has revealed so far (one per commit, for short tasks)', () => {
    const { rerender } = render(<FormBuilder content={content} onChange={() => {}} isReadOnly={false} shownCells={1} />);
    const canvas = screen.getByRole('region', { name: 'Form canvas' });
    expect(canvas.querySelectorAll('.forms-builder-preview')).toHaveLength(1);
    rerender(<FormBuilder content={content} onChange={() => {}} isReadOnly={false} shownCells={2} />);
    expect(canvas.querySelectorAll('.forms-builder-preview')).toHaveLength(2);
  });

  it('shows each field as the runner draws it, inert: its label, required mark, placeholder and options', () => {
    render(<Harness />);
    const canvas = screen.getByRole('region', { name: 'Form canvas' });
    const previews = canvas.querySelectorAll('.forms-builder-preview');
    expect(previews).toHaveLength(2);
    for (const preview of previews) expect(preview.hasAttribute('inert')).toBe(true);
    expect(previews[0].textContent).toContain('Full legal name');
    expect(previews[0].textContent).toContain('* Required');
    expect(previews[0].querySelector('input')?.getAttribute('placeholder')).toBe('As on your passport');
    expect([...previews[1].querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Select...', 'English', 'Spanish']);
  });

  it('groups each field’s actions quietly: Move up, Move down, Edit and a More menu; impossible moves are disabled', async () => {
    render(<Harness />);
    const actions = screen.getByRole('group', { name: 'Full legal name actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Move up Full legal name',
      'Move down Full legal name',
      'Edit Full legal name',
      'More actions for Full legal name',
    ]);
    expect(within(actions).getByRole('button', { name: 'Move up Full legal name' }).hasAttribute('disabled')).toBe(true);
    await expectNoAxeViolations(document.body);
  });

  it('the More menu works from the keyboard: its items, then Remove', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('button', { name: 'More actions for Primary language' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'More actions for Primary language' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Move left', 'Move right', 'Into section', 'Out of section', 'Wider', 'Narrower', 'Remove']);
    expect(items.filter((item) => item.getAttribute('aria-disabled') === 'true').map((item) => item.textContent)).toEqual(['Move left', 'Move right', 'Into section', 'Out of section']);
    await user.keyboard('{End}{Enter}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Primary language actions' })).toBeNull());
    expect(screen.getByText('Primary language removed.')).toBeTruthy();
  });

  it('Edit opens the field’s properties; so does a click on its preview', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Edit Full legal name' }));
    expect(screen.getByRole('region', { name: 'Full legal name properties' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const cell = screen.getByRole('group', { name: 'Primary language actions' }).closest('.forms-builder-cell') as HTMLElement;
    await user.click(cell);
    expect(screen.getByRole('region', { name: 'Primary language properties' })).toBeTruthy();
  });
});
