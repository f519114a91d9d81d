import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/api-error';

export const STALE_VERSION_MESSAGE = 'This item was changed by someone else. Reload it and try again.';

export interface SaveFailure {
  /** First server message per field path (400 answers), for fields the dialog shows. */
  fieldErrors: Record<string, string>;
  /** A message for the dialog's banner, when the failure is not about a shown field. */
  banner: string | null;
}

/**
 * How a failed save reads in a dialog: field errors under the fields the dialog shows
 * (`isShownField` picks them), a 409 as the stale-version message, anything else in the banner.
 */
export function describeSaveFailure(error: unknown, isShownField: (path: string) => boolean): SaveFailure {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, banner: (error as Error)?.message || 'Generic Error' };
  if (error.status === 409) return { fieldErrors: {}, banner: STALE_VERSION_MESSAGE };
  const fieldErrors: Record<string, string> = {};
  const otherMessages: string[] = [];
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    if (!messages.length) continue;
    if (isShownField(path)) fieldErrors[path] = messages[0];
    else otherMessages.push(messages[0]);
  }
  const banner = otherMessages[0] ?? (Object.keys(fieldErrors).length ? null : error.message);
  return { fieldErrors, banner };
}

/** The error key a failed save's banner message is kept under in react-hook-form. */
export const SAVE_BANNER_KEY = 'root.server';

/** Puts a failed save onto a react-hook-form form: field messages under their fields, the rest in the banner. */
export function applySaveFailure<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, isShownField: (path: string) => boolean): void {
  const failure = describeSaveFailure(error, isShownField);
  for (const [path, message] of Object.entries(failure.fieldErrors)) setError(path as Path<T>, { type: 'server', message });
  if (failure.banner) setError(SAVE_BANNER_KEY, { type: 'server', message: failure.banner });
}
