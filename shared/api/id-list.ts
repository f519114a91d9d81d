import { z } from 'zod';

/** Most ids one `{ids}` path parameter may name (one BatchGet reads 100 keys). */
export const ID_LIST_MAX = 100;

/** `a,b,c` in a path: distinct, non-empty ids. */
export const idListParam = z
  .string()
  .transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))])
  .pipe(z.array(z.string()).min(1, 'Name at least one id.').max(ID_LIST_MAX, `At most ${ID_LIST_MAX} ids at once.`));
