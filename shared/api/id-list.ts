import { z } from 'zod';

/** Most ids one `{ids}` path parameter may name (one BatchGet reads 100 keys). */
export const ID_LIST_MAX = 100;

/** `a,b,c` in a path: distinct, non-empty ids. */
export const idListParam = z
  .string()
  .transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))])
  .pipe(z.array(z.string()).min(1, 'Name at least one id.').max(ID_LIST_MAX, `At most ${ID_LIST_MAX} ids at once.`));

/** Longest id the API accepts (ULIDs are 26 characters; seeded ids are shorter): longer is a 400, never a 500 from the key. */
export const ID_MAX_LENGTH = 64;

/** One id in a path, query or body. */
export const idSchema = z.string().trim().min(1, 'Required').max(ID_MAX_LENGTH, `At most ${ID_MAX_LENGTH} characters.`);
