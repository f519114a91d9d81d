import { lazyChunk } from '../../lib/chunk-load';

/**
 * Heavy widgets, loaded on first use so they stay out of the first screen's bundle
 * (ARCHITECTURE.md section 10). Render them inside <Suspense>.
 */
export const AvatarCropper = lazyChunk(() => import('./AvatarCropper').then((module) => ({ default: module.AvatarCropper })));
