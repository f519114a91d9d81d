/**
 * The field types of a form (SPEC.md section 3) and how each behaves: which take an answer,
 * which hold other cells (Section, Address), which only show something. The builder's
 * palette, the runner and the answer validator all read this one table.
 */
export const FIELD_TYPES = [
  'Section',
  'Text',
  'TextArea',
  'Number',
  'PhoneNumber',
  'Date',
  'Time',
  'Radio',
  'Checkbox',
  'Select',
  'File',
  'List',
  'LinkEntry',
  'Link',
  'Paragraph',
  'Heading',
  'Separator',
  'Address',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose cell holds child cells instead of an answer. */
export const CONTAINER_TYPES: readonly FieldType[] = ['Section', 'Address'];
/** Types that only show something (no answer). */
export const DISPLAY_TYPES: readonly FieldType[] = ['Link', 'Paragraph', 'Heading', 'Separator'];

export const takesAnswer = (type: FieldType) => !CONTAINER_TYPES.includes(type) && !DISPLAY_TYPES.includes(type);

/** SPEC.md section 3: File fields' kinds. */
export const FILE_KINDS = ['Audio', 'Document', 'Image', 'Any'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
