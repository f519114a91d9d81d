import * as z from 'zod';

/** SPEC.md sections 5 and 9: a tag is required and at most 30 characters. */
export const TAG_NAME_MAX = 30;
/** Aliases are names people are known by: bounded like a name. */
export const ALIAS_MAX = 100;

/** Spaces inside a name collapse to one: "Youth   Leader" is "Youth Leader" (and claims compare that way too). */
const singleSpaced = (text: string) => text.trim().replace(/\s+/g, ' ');
/**
 * What is typed may hold spaces that collapse, so the raw text gets a looser bound than the
 * name it makes (which carries SPEC's message); the loose one only keeps a request small.
 */
const RAW_LABEL_MAX = 1000;

export const tagNameSchema = z
  .string({ error: 'Required' })
  .max(RAW_LABEL_MAX)
  .transform(singleSpaced)
  .pipe(z.string().min(1, 'Required').max(TAG_NAME_MAX, `String must contain at most ${TAG_NAME_MAX} character(s)`));

export const aliasTextSchema = z
  .string({ error: 'Required' })
  .max(RAW_LABEL_MAX)
  .transform(singleSpaced)
  .pipe(z.string().min(1, 'Required').max(ALIAS_MAX, `String must contain at most ${ALIAS_MAX} character(s)`));

/** Tag: id, name (SPEC.md section 3). */
export const tagSchema = z.object({ id: z.string(), name: z.string() });
export type TagView = z.infer<typeof tagSchema>;

/** Alias: id, alias (SPEC.md section 3). */
export const aliasSchema = z.object({ id: z.string(), alias: z.string() });
export type AliasView = z.infer<typeof aliasSchema>;

/** Comment: id, createdAt, type, comment, author (SPEC.md section 3). */
export const COMMENT_TYPES = ['Behavior', 'Character', 'Performance', 'Other'] as const;
export const COMMENT_MAX = 2000;
/** Rows one 'Add Comments for User' saves at once. */
export const COMMENT_ROWS_MAX = 10;
/** SPEC.md section 5: each comment row needs a type and a text. */
export const FIELD_MUST_BE_FILLED = 'Field must be filled out.';

export const commentRowSchema = z.object({
  type: z.enum(COMMENT_TYPES, FIELD_MUST_BE_FILLED),
  comment: z
    .string({ error: FIELD_MUST_BE_FILLED })
    .trim()
    .min(1, FIELD_MUST_BE_FILLED)
    .max(COMMENT_MAX, `String must contain at most ${COMMENT_MAX} character(s)`),
});
export type CommentRow = z.infer<typeof commentRowSchema>;

export const commentSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  type: z.enum(COMMENT_TYPES),
  comment: z.string(),
  author: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  /** The caller wrote it, so may remove it. */
  mine: z.boolean(),
});
export type CommentView = z.infer<typeof commentSchema>;
