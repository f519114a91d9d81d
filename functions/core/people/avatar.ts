import { transact } from '../../db/transact';
import { ifVersion } from '../../db/versioned';
import { personEntry } from '../records/audit-records';
import { presignDownload } from '../../lib/adapters/storage';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { findOwnFile } from '../../db/access/file-records';
import { canSeeTarget, loadTargetUser } from '../users/target-user';
import type { AuthContext } from '../session/resolve-session';
import { mayEditProfile } from './profile-details';

/**
 * A user's avatar (SPEC.md sections 2 and 7): the browser uploads the cropped 256 x 256 image
 * through the file service's presigned POST (target `avatar`), then sets it here. The stored
 * URL is the app's own scoped address (avatar-image), which answers a short-lived link only to
 * those who see the user, so no lasting public link exists.
 */
export const AVATAR_NOT_UPLOADED = 'Upload the image first.';

export const avatarUrl = (userId: string, key: string) => `/api/user/${encodeURIComponent(userId)}/avatar-image?key=${encodeURIComponent(key)}`;

/** Sets the avatar to a confirmed image the caller uploaded for this user; conditioned on the user's version (stale: 409). */
export async function setAvatar(auth: AuthContext, userId: string, input: { key: string; version: number }): Promise<{ avatar: { url: string; key: string }; version: number }> {
  const target = await loadTargetUser(userId);
  if (!canSeeTarget(auth, target)) throw new NotFoundError('User not found.');
  if (!mayEditProfile(auth, target)) throw new ForbiddenError();
  const file = await findOwnFile(auth.userId, input.key);
  if (!file || file.status !== 'confirmed' || file.targetType !== 'avatar' || file.targetId !== userId) throw new ValidationError({ key: [AVATAR_NOT_UPLOADED] }, AVATAR_NOT_UPLOADED);
  const avatar = { url: avatarUrl(userId, file.fileKey), key: file.fileKey };
  await transact([
    (tx) => tx.user.patch({ userId }).set({ avatar }).add({ version: 1 }).where(ifVersion(input.version)).commit(),
    personEntry(auth, target, 'user.avatar.changed', 'profile', [{ field: 'avatar', changed: true }]),
  ]);
  return { avatar, version: input.version + 1 };
}

/** A short-lived link to the user's current avatar, for whoever sees the user (themselves included). */
export async function avatarImageLink(auth: AuthContext, userId: string, key: string): Promise<string> {
  const target = await loadTargetUser(userId);
  const current = target.user.avatar?.key;
  if (!canSeeTarget(auth, target) || !current || current !== key) throw new NotFoundError('No avatar.');
  return presignDownload(current);
}
