import type { UploadInstanceView } from '../../../shared/api/file';
import { NotFoundError } from '../../lib/errors';
import { contentReads, viewableContent, type ContentReads } from '../step-work/content-visibility';
import type { ContentInstanceItem } from '../enrolments/step-instance-store';
import type { AuthContext } from '../session/resolve-session';
import { readableList } from '../../lib/readable-list';
import { CONTENT_NOT_FOUND } from './upload-content-target';

function uploadView(item: ContentInstanceItem): UploadInstanceView {
  const upload = item.upload ?? {};
  return {
    id: item.contentInstanceId,
    stepInstanceId: item.stepInstanceId,
    trackInstanceId: item.trackInstanceId,
    submitted: Boolean(upload.submitted),
    ...(upload.submittedAt ? { submittedAt: upload.submittedAt } : {}),
    files: (upload.files ?? []).map((f) => ({ id: f.id, key: f.fileKey, name: f.name ?? '' })),
  };
}

/**
 * `GET file/upload-instance/{id}`: a step's upload content for whoever may view it on the step
 * page; a missing one, one out of reach and private content hidden from the caller are alike 404.
 */
export async function readUploadInstance(auth: AuthContext, contentInstanceId: string, reads: ContentReads = contentReads()): Promise<UploadInstanceView> {
  const item = await viewableContent(auth, contentInstanceId, reads);
  if (!item || item.type !== 'Upload') throw new NotFoundError(CONTENT_NOT_FOUND);
  return uploadView(item);
}

/** `GET file/upload-instances/{ids}`: those the caller may view, in the order asked (each instance's rights read once). */
export function readUploadInstances(auth: AuthContext, ids: readonly string[]): Promise<UploadInstanceView[]> {
  const reads = contentReads();
  return readableList(ids, (id) => readUploadInstance(auth, id, reads));
}
