import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextArea, counterText } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';
import { cssDeclarations } from './cssRule';

describe('TextArea', () => {
  it("counts characters as 'n/max Max'", async () => {
    const user = userEvent.setup();
    render(<TextArea label="Comment" maxLength={250} />);
    expect(screen.getByText('0/250 Max')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'abc');
    expect(screen.getByText('3/250 Max')).toBeTruthy();
  });

  it('blocks input past the maximum', async () => {
    const user = userEvent.setup();
    render(<TextArea label="Tag" maxLength={5} />);
    const box = screen.getByRole('textbox', { name: 'Tag' }) as HTMLTextAreaElement;
    await user.type(box, 'abcdefgh');
    expect(box.value).toBe('abcde');
    expect(screen.getByText('5/5 Max')).toBeTruthy();
  });

  it('counts a controlled value', () => {
    function Controlled() {
      const [value, setValue] = useState('hello');
      return <TextArea label="Description" maxLength={100} value={value} onChange={setValue} />;
    }
    render(<Controlled />);
    expect(screen.getByText('5/100 Max')).toBeTruthy();
  });

  it('shows no counter without maxLength', () => {
    render(<TextArea label="Notes" />);
    expect(screen.queryByText(/Max$/)).toBeNull();
  });

  it('formats the counter exactly', () => {
    expect(counterText(3, 250)).toBe('3/250 Max');
  });

  it('is at least 6rem high (SPEC.md section 9)', () => {
    expect(cssDeclarations('TextArea.css', '.ui-textarea')).toMatch(/min-height:\s*6rem/);
  });

  it('has no axe violations', async () => {
    const { container } = render(<TextArea label="Comment" maxLength={250} isRequired errorMessage="Field must be filled out." />);
    await expectNoAxeViolations(container);
  });
});
