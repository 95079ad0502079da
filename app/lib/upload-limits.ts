/**
 * Spec §5 / §9: at most 10 files in one public upload (a shop form's `file` fields). Its own
 * file so that the forms' schema (imported by the seed, which server.ts bundles) does not
 * pull the media helper's server imports; media-upload.server.ts re-exports it.
 */
export const PUBLIC_UPLOAD_MAX_FILES = 10;

/** Spec §5 / §9: at most 20 files at once in the backoffice (checked in the browser before one-per-request uploads too). */
export const BACKOFFICE_UPLOAD_MAX_FILES = 20;
