/**
 * Targets whose files are someone's own material (a form's File answer, a step's upload): showing
 * or opening them is recorded in the read-access log (issue 25). Avatars and step attachments
 * (a track's design) are not private.
 */
export const PRIVATE_FILE_TARGETS: ReadonlySet<string> = new Set(['formField', 'uploadContent']);
