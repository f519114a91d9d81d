import { useState } from 'react';
import { COMMENT_MAX, COMMENT_ROWS_MAX, COMMENT_TYPES, FIELD_MUST_BE_FILLED, commentRowSchema, type CommentRow } from '@shared/schemas/user-labels';
import { Button, Modal, SelectField, TextArea, cancelAndSubmit } from '../../../components/ui';

type Draft = { key: number; type: string; comment: string };

let nextKey = 0;
/** SPEC.md section 5: a new row's type is Behavior. */
const blankRow = (): Draft => ({ key: nextKey++, type: 'Behavior', comment: '' });

export interface AddCommentsDialogProps {
  isOpen: boolean;
  isPending: boolean;
  onClose: () => void;
  onSave: (rows: CommentRow[]) => void;
}

/**
 * 'Add Comments for User' (SPEC.md sections 2 and 5): rows of type and text, each needing
 * both ('Field must be filled out.'), new rows typed Behavior, and at least one row always there.
 */
export function AddCommentsDialog({ isOpen, isPending, onClose, onSave }: AddCommentsDialogProps) {
  const [rows, setRows] = useState<Draft[]>(() => [blankRow()]);
  const [tried, setTried] = useState(false);
  const change = (key: number, patch: Partial<Draft>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const submit = () => {
    setTried(true);
    const parsed = rows.map((row) => commentRowSchema.safeParse(row));
    if (parsed.every((result) => result.success)) onSave(parsed.map((result) => result.data!));
  };
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Add Comments for User" footer={cancelAndSubmit({ label: 'Save', onSubmit: submit, isPending })}>
      <div className="profile-comment-rows">
        {rows.map((row, index) => (
          <fieldset key={row.key} className="profile-comment-row">
            <legend>{`Comment ${index + 1}`}</legend>
            <SelectField label="Type" value={row.type} options={COMMENT_TYPES} onChange={(type) => change(row.key, { type })} errorMessage={tried && !row.type ? FIELD_MUST_BE_FILLED : undefined} />
            <TextArea
              label="Comment"
              value={row.comment}
              maxLength={COMMENT_MAX}
              onChange={(comment) => change(row.key, { comment })}
              errorMessage={tried && !row.comment.trim() ? FIELD_MUST_BE_FILLED : undefined}
            />
            {rows.length > 1 && (
              <Button size="small" variant="secondary" aria-label={`Remove comment ${index + 1}`} onPress={() => setRows((current) => current.filter((other) => other.key !== row.key))}>
                Remove
              </Button>
            )}
          </fieldset>
        ))}
        {rows.length < COMMENT_ROWS_MAX && (
          <Button variant="secondary" onPress={() => setRows((current) => [...current, blankRow()])}>
            Add Another Comment
          </Button>
        )}
      </div>
    </Modal>
  );
}
