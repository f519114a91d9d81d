import { createServiceHandler } from '../../lib/http/service-handler';
import { fileApi } from '../../../shared/api/file';
import { confirmUpload, deleteFile, downloadLink, requestUpload } from '../../core/files/file-service';
import { associatedFiles } from '../../core/people/profile-tabs';
import { removeFromUpload } from '../../core/files/upload-instance';
import { readUploadInstance, readUploadInstances } from '../../core/files/upload-instance-reads';
import { fileInstances, userFiles } from '../../core/files/file-lists';

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
  userFiles: async ({ auth, params, query }) => userFiles(auth, params.userId, query),
  fileInstances: async ({ auth, params }) => fileInstances(auth, params.ids),
  uploadInstance: async ({ auth, params }) => readUploadInstance(auth, params.id),
  uploadInstances: async ({ auth, params }) => readUploadInstances(auth, params.ids),
  associatedFiles: async ({ auth, params, query }) => associatedFiles(auth, params.userId, query),
});
