import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod';
import { applySaveFailure } from './save-errors';

export interface SchemaFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  /** From shared/schemas, so the dialog says what the server says (SPEC.md section 5). */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Sends the checked (trimmed, parsed) values; a rejection is shown on the form. */
  save: (values: z.output<S>) => Promise<void>;
  /** Which server field paths the form shows under a field; other messages go to the banner. */
  isShownField: (path: string) => boolean;
  /** When messages appear: after the first Save (the default), or as each field is left ('onTouched', for a submit disabled until valid). */
  mode?: 'onSubmit' | 'onTouched';
}

export interface SchemaForm<S extends z.ZodType<FieldValues, FieldValues>> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  /** The form's onSubmit: checks with the schema, then saves. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** A failed save's message that belongs to no shown field (409, 403 ...). */
  banner: string | undefined;
  isPending: boolean;
}

/**
 * A dialog form (ARCHITECTURE.md section 10): react-hook-form checked by a zod schema of
 * shared/schemas, messages after the first Save following the edits, and a failed save's
 * 400 field messages under the fields, anything else in the banner.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>({ schema, defaultValues, save, isShownField, mode = 'onSubmit' }: SchemaFormOptions<S>): SchemaForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never), defaultValues, mode });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      applySaveFailure(form.setError, error, isShownField);
    }
  });
  return { form, onSubmit, banner: form.formState.errors.root?.server?.message, isPending: form.formState.isSubmitting };
}
