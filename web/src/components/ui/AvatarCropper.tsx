import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Label, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import { Alert } from './Alert';
import { Button } from './Button';
import { AVATAR_ZOOM_MAX, AVATAR_ZOOM_MIN, AVATAR_ZOOM_STEP, cropToBlob } from './cropImage';
import './Field.css';
import './AvatarCropper.css';

export interface AvatarCropperProps {
  /** An object URL or data URL of the picked image. */
  imageSrc: string;
  /** Receives the 256 x 256 PNG. */
  onCropped: (image: Blob) => void;
  onCancel?: () => void;
  applyLabel?: string;
  isPending?: boolean;
}

/**
 * Pick the square of a photo to use as an avatar: drag to move, zoom with the slider
 * (1 to 2, step 0.1). Heavy (react-easy-crop): import it through `lazy.ts`.
 */
export function AvatarCropper({ imageSrc, onCropped, onCancel, applyLabel = 'Save', isPending }: AvatarCropperProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(AVATAR_ZOOM_MIN);
  const [area, setArea] = useState<Area | null>(null);
  const [isCropping, setCropping] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function apply() {
    if (!area) return;
    setCropping(true);
    setError(null);
    try {
      onCropped(await cropToBlob(imageSrc, area));
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : 'The image could not be cropped.');
    } finally {
      setCropping(false);
    }
  }

  return (
    <div className="ui-cropper">
      <div className="ui-cropper-stage">
        <Cropper
          image={imageSrc}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          minZoom={AVATAR_ZOOM_MIN}
          maxZoom={AVATAR_ZOOM_MAX}
          zoomSpeed={AVATAR_ZOOM_STEP}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <Slider
        value={zoom}
        onChange={(value) => setZoom(Array.isArray(value) ? value[0] : value)}
        minValue={AVATAR_ZOOM_MIN}
        maxValue={AVATAR_ZOOM_MAX}
        step={AVATAR_ZOOM_STEP}
        className="ui-slider"
      >
        <Label className="ui-field-label">Zoom</Label>
        <SliderOutput className="ui-slider-output">{({ state }) => `${state.getThumbValue(0).toFixed(1)}x`}</SliderOutput>
        <SliderTrack className="ui-slider-track">
          <SliderThumb className="ui-slider-thumb" />
        </SliderTrack>
      </Slider>
      {error && <Alert tone="danger">{error}</Alert>}
      <div className="ui-button-row ui-button-row-end">
        {onCancel && (
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        )}
        <Button onPress={apply} isDisabled={!area} isPending={isCropping || isPending}>
          {applyLabel}
        </Button>
      </div>
    </div>
  );
}
