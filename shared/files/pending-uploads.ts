/**
 * Where a browser's upload lands until its uploader confirms it (functions/core/files/file-service.ts).
 * Confirmation moves the object to its key; what is never confirmed is expired by the uploads
 * bucket's lifecycle rule on this prefix (infra/stacks/data-stack.ts), as its record is by TTL.
 */
export const PENDING_UPLOAD_PREFIX = 'pending/';
/** Days an unconfirmed object stays (its record's TTL is one day; the rule's unit is days). */
export const PENDING_UPLOAD_DAYS = 2;
