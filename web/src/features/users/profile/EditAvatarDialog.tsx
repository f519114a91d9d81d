import { Suspense, useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Alert, LoadingState, Modal, ProgressBar } from '../../../components/ui';
import { FileDropZone } from '../../../components/ui/FileDropZone';
import { AvatarCropper } from '../../../components/ui/lazy';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { uploadFile } from '../../../lib/files/upload-file';

/**
 * `{current}/edit-avatar` (SPEC.md section 2): pick an image, crop it to 256 x 256 (zoom 1 to
 * 2, step 0.1), upload it through a presigned POST with a progress bar, and set it as the
 * user's avatar on the version last read. Everything showing users reloads afterwards.
 */
export function EditAvatarDialog({ userId, version, onClose }: { userId: string; version: number; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const [image, setImage] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => (image ? URL.revokeObjectURL(image) : undefined), [image]);

  async function save(cropped: Blob) {
    setError(null);
    setProgress(0);
    try {
      const file = new File([cropped], 'avatar.png', { type: 'image/png' });
      const stored = await uploadFile({ type: 'avatar', userId }, file, setProgress);
      await call(routes.user.setAvatar, { params: { userId }, body: { key: stored.key, version } });
      await mutate(() => true);
      onClose();
    } catch (problem) {
      setError((problem as Error).message);
      setProgress(null);
    }
  }

  return (
    <Modal isOpen onClose={onClose} title="Upload Profile Image">
      {image ? (
        <Suspense fallback={<LoadingState message="Loading the cropper..." />}>
          <AvatarCropper imageSrc={image} onCropped={(blob) => void save(blob)} onCancel={() => setImage(null)} isPending={progress !== null} />
        </Suspense>
      ) : (
        <FileDropZone label="Profile image" accept="Image" onFiles={([file]) => file && setImage(URL.createObjectURL(file))} instructions="A photo (.png, .jpg, .jpeg or .bmp); you choose the square to keep." />
      )}
      {progress !== null && <ProgressBar label="Uploading" value={Math.round(progress * 100)} maxValue={100} />}
      {error && <Alert tone="danger">{error}</Alert>}
    </Modal>
  );
}
