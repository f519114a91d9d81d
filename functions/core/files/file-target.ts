import type { UploadTarget } from '../../../shared/api/file';
import type { UploadKind } from '../../../shared/files/upload-kinds';
import type { TransactionItem } from '../../db/transact';
import type { AuthContext } from '../session/resolve-session';
import type { UploadedFileItem } from '../../db/access/file-records';

/** What a target allows an upload to be: its kind, and where the record points. */
export interface UploadPlan {
  kind: UploadKind;
  targetId: string;
  fieldId?: string;
}

/**
 * Each kind of thing a file can belong to decides who may upload for it and who may read
 * its files. Checked on the server against the loaded target; a caller who may not see the
 * target gets the target's own 404, so nothing about it leaks. The targets themselves are
 * listed in file-targets.ts.
 */
export interface FileTarget<T extends UploadTarget = UploadTarget> {
  /** `name` is the stored name (after SPEC.md's rule): a target may take its kind from it. */
  planUpload(auth: AuthContext, target: T, name: string): Promise<UploadPlan>;
  mayRead(auth: AuthContext, file: UploadedFileItem): Promise<boolean>;
  /**
   * Whether the uploader may delete the file now: throws the refusal while the target still
   * uses it; else returns a transaction check that fails if the target changed since (so a
   * save that references the file cannot slip in between).
   */
  releaseForDeletion(file: UploadedFileItem): Promise<TransactionItem | null>;
}
