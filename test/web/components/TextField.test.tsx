import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

describe('TextField', () => {
  it('is labelled and reports typed text', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextField label="First Name" onChange={onChange} />);
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ann');
    expect(onChange).toHaveBeenLastCalledWith('Ann');
  });

  it("marks required fields with '* Required' and aria-required", () => {
    render(<TextField label="Last Name" isRequired />);
    expect(screen.getByText('* Required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Last Name' }).getAttribute('aria-required')).toBe('true');
  });

  it('has no required marker when optional', () => {
    render(<TextField label="Middle Name" />);
    expect(screen.queryByText('* Required')).toBeNull();
  });

  it('shows the error in italics under the field and links it to the input', () => {
    render(<TextField label="Email" errorMessage="Invalid email address" description="We send the invitation here." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const error = screen.getByText('Invalid email address');
    expect(error.className).toContain('ui-field-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ')).toContain(error.id);
    expect(describedBy.split(' ')).toContain(screen.getByText('We send the invitation here.').id);
    // The error comes after the input in the document (under the field).
    expect(input.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('works controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('Untitled');
      return <TextField label="Name" value={value} onChange={(text) => setValue(text.toUpperCase())} />;
    }
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, 'ab');
    expect(input.value).toBe('AB');
  });

  it('has no axe violations', async () => {
    const { container } = render(<TextField label="Tag" isRequired errorMessage="Required" description="Up to 30 characters." />);
    await expectNoAxeViolations(container);
  });
});
