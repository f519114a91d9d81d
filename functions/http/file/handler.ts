import { createServiceHandler } from '../../lib/http/service-handler';
import { fileApi } from '../../../shared/api/file';
import { confirmUpload, downloadLink, requestUpload } from '../../core/files/file-service';

export const handler = createServiceHandler(fileApi, {
  requestUpload: async ({ auth, body }) => requestUpload(auth, body),
  confirmUpload: async ({ auth, params }) => confirmUpload(auth, params.key),
  download: async ({ auth, params }) => downloadLink(auth, params.key),
});
