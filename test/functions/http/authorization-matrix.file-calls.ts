import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import type { MatrixCall } from './authorization-matrix.calls';
import type { Actor, Target } from './authorization-matrix.fixtures';

type CallBuilder = (target: Target, tag: string, actor: Actor) => MatrixCall | Promise<MatrixCall>;

/**
 * A file record of `userId` for one of their form answers, written straight to the table
 * (the routes under test are not used to set up); no object is uploaded.
 */
async function fileOf(userId: string, status: 'pending' | 'confirmed'): Promise<string> {
  const fileKey = newId().toLowerCase();
  await db()
    .entities.uploadedFile.create({ userId, fileKey, name: 'matrix.pdf', kind: 'Document', targetType: 'formField', targetId: `matrix-instance-${userId}`, fieldId: 'reference', contentType: 'application/pdf', size: 10, status })
    .go();
  return fileKey;
}

const confirmedFiles = new Map<string, Promise<string>>();
const confirmedFileOf = (userId: string) => {
  if (!confirmedFiles.has(userId)) confirmedFiles.set(userId, fileOf(userId, 'confirmed'));
  return confirmedFiles.get(userId)!;
};

/** Files: own = the neighbour's (a user inside the actor's scope), other = the outsider's. */
export const FILE_CALLS: Record<string, CallBuilder> = {
  // The demo participant's questionnaire: only its participant may add files to it.
  'file.requestUpload': () => ({ path: '/api/file/upload', method: 'POST', body: { target: { type: 'formField', formInstanceId: DEMO_INSTANCE_IDS.questionnaireForm, fieldId: 'reference' }, name: 'matrix.pdf', size: 10 } }),
  // Own: the actor's own pending upload (nothing arrived: 400); other: someone else's (404 for everyone).
  'file.confirmUpload': async (t, _tag, actor) => ({ path: `/api/file/files/${await fileOf(t.side === 'own' ? actor.userId : t.userId, 'pending')}/confirm`, method: 'POST' }),
  // Own: the actor's own file (its target does not exist: deleted, 204); other: someone else's (404 for everyone, a superadmin too).
  'file.remove': async (t, _tag, actor) => ({ path: `/api/file/files/${await fileOf(t.side === 'own' ? actor.userId : t.userId, 'confirmed')}`, method: 'DELETE' }),
  'file.download': async (t) => ({ path: `/api/file/files/${await confirmedFileOf(t.userId)}` }),
  'file.fileInstances': async (t) => ({ path: `/api/file/file-instances/${await confirmedFileOf(t.userId)}` }),
  'file.userFiles': async (t) => ({ path: `/api/file/${t.userId}/files` }),
};
