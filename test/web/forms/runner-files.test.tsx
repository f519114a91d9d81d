import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FormContent } from '@shared/forms/form-definition';
import { FormRunner } from '../../../web/src/components/form-runner/FormRunner';
import type { RunnerFiles } from '../../../web/src/components/form-runner/runner-files';
import { expectNoAxeViolations } from '../../support/axe';

const CONTENT: FormContent = {
  fields: [{ id: 'reference', name: 'Letter of reference', type: 'File', properties: { required: true, type: 'Document', name: 'Reference letter', instructions: 'A signed letter.' } }],
  layout: [{ id: 'row', children: [{ id: 'cell', fieldId: 'reference' }] }],
};
const input = () => screen.getByLabelText('Letter of reference: Reference letter: choose files') as HTMLInputElement;

describe('the runner’s File field', () => {
  it('is required until a file is stored through the instance’s uploader; the answer is the stored key and name', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const uploaded: Array<{ fieldId: string; name: string }> = [];
    const files: RunnerFiles = {
      uploaderFor: (fieldId) => async (file, onProgress) => {
        uploaded.push({ fieldId, name: file.name });
        onProgress(1);
        return { key: 'k1', name: 'letter.pdf' };
      },
      download: null,
    };
    const onSave = vi.fn(async () => undefined);
    const { container } = render(<FormRunner content={CONTENT} files={files} onSave={onSave} />);
    expect(screen.getByText('A signed letter.')).toBeTruthy();
    expect(screen.getByText('* Required')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(true));

    await user.upload(input(), new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Letter of reference: Reference letter: files' }).textContent).toContain('letter.pdf'));
    expect(uploaded).toEqual([{ fieldId: 'reference', name: 'letter.pdf' }]);
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ reference: [{ key: 'k1', name: 'letter.pdf' }] }, true));
    await expectNoAxeViolations(container);
  });

  it('removing the only file makes the field Required again', async () => {
    const user = userEvent.setup();
    render(<FormRunner content={CONTENT} initialData={{ reference: [{ key: 'k1', name: 'letter.pdf' }] }} onSave={async () => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Remove letter.pdf' }));
    await waitFor(() => expect(screen.getByText('Required')).toBeTruthy());
  });

  it('in a preview a picked file is only named, never uploaded, and offers no download', async () => {
    const user = userEvent.setup();
    render(<FormRunner content={CONTENT} onSave={async () => undefined} />);
    await user.upload(input(), new File(['%PDF'], 'my letter.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByText('my_letter.pdf')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Download my_letter.pdf' })).toBeNull();
  });
});
