import type { ReactNode } from 'react';
import type * as z from 'zod';
import { Button, TextField, counterText } from '../../../components/ui';

export interface LabelAddFormProps {
  /** The field's label ('Tag', 'Alias'); the button reads 'Add {label}'. */
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The shared schema of the label (SPEC.md section 5: a tag is required, at most 30 characters). */
  schema: z.ZodType<string>;
  max: number;
  isPending: boolean;
  /** Called with the checked text. */
  onAdd: (text: string) => void;
  /** Below the button (the tag suggestions). */
  children?: ReactNode;
}

/**
 * The add form of a label card (tags, aliases): the text with its counter, the schema's
 * message once something is typed, and 'Add {label}' enabled only when valid and dirty.
 */
export function LabelAddForm({ label, value, onChange, schema, max, isPending, onAdd, children }: LabelAddFormProps) {
  const parsed = schema.safeParse(value);
  const dirty = value.length > 0;
  return (
    <form
      className="profile-label-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.success) onAdd(parsed.data);
      }}
    >
      <TextField
        label={label}
        value={value}
        // A little past the limit, so an over-long paste shows the message instead of being cut silently.
        maxLength={max + 10}
        onChange={onChange}
        description={counterText(value.length, max)}
        errorMessage={dirty && !parsed.success ? parsed.error.issues[0]?.message : undefined}
      />
      <Button type="submit" variant="secondary" isDisabled={!dirty || !parsed.success || isPending}>
        {`Add ${label}`}
      </Button>
      {children}
    </form>
  );
}
