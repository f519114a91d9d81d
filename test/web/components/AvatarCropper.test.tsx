import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_SIZE, AVATAR_ZOOM_MAX, AVATAR_ZOOM_MIN, AVATAR_ZOOM_STEP, LoadingState } from '../../../web/src/components/ui';
import { cropToBlob } from '../../../web/src/components/ui/cropImage';
import { AvatarCropper } from '../../../web/src/components/ui/lazy';
import { expectNoAxeViolations } from '../../support/axe';

const IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function renderCropper(props: { onCropped?: (blob: Blob) => void; onCancel?: () => void } = {}) {
  return render(
    <Suspense fallback={<LoadingState message="Loading editor..." />}>
      <AvatarCropper imageSrc={IMAGE} onCropped={props.onCropped ?? (() => {})} onCancel={props.onCancel} />
    </Suspense>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AvatarCropper', () => {
  it('uses the SPEC.md section 9 sizes', () => {
    expect([AVATAR_SIZE, AVATAR_ZOOM_MIN, AVATAR_ZOOM_MAX, AVATAR_ZOOM_STEP]).toEqual([256, 1, 2, 0.1]);
  });

  it('loads lazily and offers a Zoom slider from 1 to 2 in steps of 0.1', async () => {
    renderCropper();
    const slider = await screen.findByRole('slider', { name: 'Zoom' });
    expect(slider.getAttribute('min')).toBe('1');
    expect(slider.getAttribute('max')).toBe('2');
    expect(slider.getAttribute('step')).toBe('0.1');
    expect((slider as HTMLInputElement).value).toBe('1');
  });

  it('zooms with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderCropper();
    const slider = (await screen.findByRole('slider', { name: 'Zoom' })) as HTMLInputElement;
    act(() => slider.focus());
    await user.keyboard('{ArrowRight}');
    expect(slider.value).toBe('1.1');
    expect(screen.getByText('1.1x')).toBeTruthy();
    await user.keyboard('{End}');
    expect(slider.value).toBe('2');
    await user.keyboard('{Home}');
    expect(slider.value).toBe('1');
  });

  it('cannot save before the crop area is known, and Cancel cancels', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderCropper({ onCancel });
    expect(((await screen.findByRole('button', { name: 'Save' })) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('draws the chosen area onto a 256 x 256 canvas and returns a PNG blob', async () => {
    // jsdom has no image decoding or canvas drawing: stand in for the browser's parts only.
    class LoadingImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      crossOrigin = '';
      set src(_value: string) {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('Image', LoadingImage);
    const drawImage = vi.fn();
    let canvasSize: [number, number] = [0, 0];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      canvasSize = [this.width, this.height];
      return { drawImage, imageSmoothingQuality: 'low' } as unknown as CanvasRenderingContext2D;
    } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => callback(new Blob(['x'], { type })));

    const blob = await cropToBlob(IMAGE, { x: 40, y: 10, width: 500, height: 500 });
    expect(canvasSize).toEqual([256, 256]);
    expect(drawImage).toHaveBeenCalledWith(expect.any(LoadingImage), 40, 10, 500, 500, 0, 0, 256, 256);
    expect(blob.type).toBe('image/png');
  });

  it('has no axe violations', async () => {
    const { container } = renderCropper({ onCancel: () => {} });
    await screen.findByRole('slider', { name: 'Zoom' });
    await expectNoAxeViolations(container);
  });
});
