/**
 * A person's data export (issue 25, item 4; functions/core/people/data-export): where its archive
 * lives in the uploads bucket and how long it and its download link last. The bucket's lifecycle
 * rule on this prefix (infra/stacks/data-stack.ts) deletes an archive after EXPORT_ARCHIVE_DAYS; the
 * link route refuses (and deletes) one that old, and a new export removes its predecessor, so the
 * local stand-in (which runs no lifecycle rules) keeps none longer either.
 */
export const EXPORT_PREFIX = 'exports/';
/** Days an archive is kept after its export finished. */
export const EXPORT_ARCHIVE_DAYS = 7;
/** Seconds a presigned download link of an archive works. */
export const EXPORT_LINK_SECONDS = 15 * 60;
/** The largest archive one export writes (its files are streamed in one step of the job). */
export const EXPORT_ARCHIVE_MAX_BYTES = 1024 * 1024 * 1024;
