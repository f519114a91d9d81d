import { createServiceHandler } from '../../lib/http/service-handler';
import { fileApi } from '../../../shared/api/file';
import { confirmUpload, deleteFile, downloadLink, requestUpload } from '../../core/files/file-service';
import { associatedFiles } from '../../core/people/profile-tabs';
import { removeFromUpload } from '../../core/files/upload-instance';

export const handler = createServiceHandler(fileApi, {
  requestUpload: async ({ auth, body }) => requestUpload(auth, body),
  confirmUpload: async ({ auth, params }) => confirmUpload(auth, params.key),
  remove: async ({ auth, params }) => {
    await deleteFile(auth, params.key);
    return null;
  },
  download: async ({ auth, params }) => downloadLink(auth, params.key),
  removeFromUpload: async ({ auth, params }) => {
    await removeFromUpload(auth, params.key);
    return null;
  },
  associatedFiles: async ({ auth, params, query }) => associatedFiles(auth, params.userId, query),
});
