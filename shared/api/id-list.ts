import * as z from 'zod';

/** Longest id the API accepts (ULIDs are 26 characters; seeded ids are shorter): longer is a 400, never a 500 from the key. */
export const ID_MAX_LENGTH = 64;

/** One id in a path, query or body; `required` is the message when it is missing or empty. */
export const idOf = (required = 'Required') =>
  z.string({ error: required }).trim().min(1, required).max(ID_MAX_LENGTH, `At most ${ID_MAX_LENGTH} characters.`);

export const idSchema = idOf();

/** Most ids one list may name (one BatchGet reads 100 keys; SPEC.md section 9's largest list, merge search, is 100). */
export const ID_LIST_MAX = 100;

/** A list of ids in a body or query: distinct ones are used, at most ID_LIST_MAX. */
export const idArray = (atLeastOne = 'Name at least one id.') =>
  z.array(idSchema).min(1, atLeastOne).max(ID_LIST_MAX, `At most ${ID_LIST_MAX} ids at once.`);

/** `a,b,c` in a path: distinct, non-empty ids (the text is bounded before it is split). */
export const idListParam = z
  .string()
  .max(ID_LIST_MAX * (ID_MAX_LENGTH + 1), `At most ${ID_LIST_MAX} ids at once.`)
  .transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))])
  .pipe(z.array(idSchema).min(1, 'Name at least one id.').max(ID_LIST_MAX, `At most ${ID_LIST_MAX} ids at once.`));
