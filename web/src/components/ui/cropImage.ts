import type { Area } from 'react-easy-crop';

/** SPEC.md section 9: avatars are 256 by 256; zoom runs from 1 to 2 in steps of 0.1. */
export const AVATAR_SIZE = 256;
export const AVATAR_ZOOM_MIN = 1;
export const AVATAR_ZOOM_MAX = 2;
export const AVATAR_ZOOM_STEP = 0.1;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous'; // the source may be a presigned URL on another origin
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

/** Draws the chosen square of the image onto a size x size canvas and returns it as a PNG Blob. */
export async function cropToBlob(imageSrc: string, area: Area, size = AVATAR_SIZE): Promise<Blob> {
  const image = await loadImage(imageSrc);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop images.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The cropped image could not be created.'))), 'image/png');
  });
}
