/** The upload kinds live with the server's checks (one definition for both sides). */
export { UPLOAD_KINDS, isAcceptedFileName, type UploadKind } from '@shared/files/upload-kinds';
