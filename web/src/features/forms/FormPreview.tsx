import type { FormContent } from '@shared/forms/form-definition';
import { Modal, useToast } from '../../components/ui';
import { FormRunner } from '../../components/form-runner/FormRunner';

/** SPEC.md section 2: the form run in a modal titled '{form name} Form Preview'; nothing is saved. */
export function FormPreview({ name, content, isOpen, onClose }: { name: string; content: FormContent; isOpen: boolean; onClose: () => void }) {
  const { showToast } = useToast();
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={`${name} Form Preview`} size="large">
      <FormRunner content={content} onSave={async (_data, submit) => showToast(submit ? 'Preview: the answers are valid (nothing was submitted).' : 'Preview: nothing was saved.', { tone: 'info' })} />
    </Modal>
  );
}
