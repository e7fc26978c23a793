import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The side of the square the picture is framed in, on screen (CSS pixels). */
const frame = 260;
/** The longest side the cropped picture is saved at; the server scales larger ones down anyway. */
const outputMax = 512;
const maxZoom = 3;
const keyStep = 10;

interface Placement {
  zoom: number;
  /** Offset of the picture's top-left corner from the frame's, on screen; always ≤ 0 (the frame is covered). */
  x: number;
  y: number;
}

/** Scale (screen px per picture px) at which the picture's shorter side just fills the frame. */
const coverScale = (width: number, height: number) => frame / Math.min(width, height);

function clamp(place: Placement, width: number, height: number): Placement {
  const scale = coverScale(width, height) * place.zoom;
  const limit = (offset: number, size: number) => Math.min(0, Math.max(frame - size * scale, offset));
  return { zoom: place.zoom, x: limit(place.x, width), y: limit(place.y, height) };
}

/** Draws the framed square of the picture on a canvas; null when the browser cannot (then the file goes as it is). */
async function cropToSquare(image: HTMLImageElement, place: Placement, name: string): Promise<File | null> {
  const { naturalWidth: width, naturalHeight: height } = image;
  if (!width || !height) return null;
  const scale = coverScale(width, height) * place.zoom;
  const side = frame / scale;
  const out = Math.max(1, Math.round(Math.min(outputMax, side)));
  const canvas = document.createElement('canvas');
  canvas.width = out;
  canvas.height = out;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, -place.x / scale, -place.y / scale, side, side, 0, 0, out, out);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.92));
  if (!blob) return null;
  const extension = blob.type === 'image/webp' ? 'webp' : 'png';
  return new File([blob], `${name.replace(/\.[^.]*$/, '') || 'picture'}.${extension}`, { type: blob.type });
}

/**
 * Frames a chosen picture in a square before it is uploaded: drag it (or move it with the arrow keys)
 * and zoom with the slider. The square is cut on a canvas in the browser; where that cannot be done the
 * original file is used as it is.
 */
export function ImageCropDialog({
  file,
  onCancel,
  onCropped,
}: {
  file: File | null;
  onCancel: () => void;
  onCropped: (file: File) => void;
}) {
  const { t } = useTranslation('profile');
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ pointer: number; x: number; y: number } | null>(null);
  const [url, setUrl] = useState<string | undefined>();
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [place, setPlace] = useState<Placement>({ zoom: 1, x: 0, y: 0 });
  const [working, setWorking] = useState(false);

  useEffect(() => {
    setSize(null);
    setPlace({ zoom: 1, x: 0, y: 0 });
    if (!file) return;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);

  const update = (next: Placement) => setPlace(size ? clamp(next, size.width, size.height) : next);

  const loaded = () => {
    const element = image.current;
    if (!element?.naturalWidth || !element.naturalHeight) return;
    const { naturalWidth: width, naturalHeight: height } = element;
    const scale = coverScale(width, height);
    setSize({ width, height });
    // Start centred.
    setPlace({ zoom: 1, x: (frame - width * scale) / 2, y: (frame - height * scale) / 2 });
  };

  const zoomTo = (zoom: number) => {
    if (!size) return;
    // Zoom around the frame's centre, so the framed middle stays in the middle.
    const old = coverScale(size.width, size.height) * place.zoom;
    const scale = coverScale(size.width, size.height) * zoom;
    const centre = (offset: number) => frame / 2 - ((frame / 2 - offset) / old) * scale;
    update({ zoom, x: centre(place.x), y: centre(place.y) });
  };

  const pointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX - place.x, y: event.clientY - place.y };
  };
  const pointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    update({ zoom: place.zoom, x: event.clientX - start.x, y: event.clientY - start.y });
  };
  const pointerUp = () => {
    drag.current = null;
  };
  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    // The picture moves the way the arrow points, in either direction of writing.
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-keyStep, 0],
      ArrowRight: [keyStep, 0],
      ArrowUp: [0, -keyStep],
      ArrowDown: [0, keyStep],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    update({ zoom: place.zoom, x: place.x + move[0], y: place.y + move[1] });
  };

  const confirm = async () => {
    if (!file) return;
    setWorking(true);
    try {
      const cropped = image.current && size ? await cropToSquare(image.current, place, file.name) : null;
      onCropped(cropped ?? file);
    } finally {
      setWorking(false);
    }
  };

  const scale = size ? coverScale(size.width, size.height) * place.zoom : 0;
  return (
    <Dialog open={Boolean(file)} onClose={onCancel} aria-labelledby="crop-title" aria-describedby="crop-help">
      <DialogTitle id="crop-title">{t('image.cropTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="crop-help" sx={{ mb: 2 }}>
          {t('image.cropHelp')}
        </DialogContentText>
        <Box
          role="group"
          aria-label={t('image.cropArea')}
          tabIndex={0}
          onPointerDown={pointerDown}
          onPointerMove={pointerMove}
          onPointerUp={pointerUp}
          onPointerCancel={pointerUp}
          onKeyDown={key}
          data-testid="crop-area"
          sx={{
            position: 'relative',
            width: frame,
            height: frame,
            mx: 'auto',
            overflow: 'hidden',
            borderRadius: 2,
            bgcolor: 'action.hover',
            cursor: 'grab',
            '&:active': { cursor: 'grabbing' },
            touchAction: 'none',
            // The picture is placed in screen coordinates whatever the direction of writing.
            direction: 'ltr',
            '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {url ? (
            <Box
              component="img"
              ref={image}
              src={url}
              alt=""
              draggable={false}
              onLoad={loaded}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                maxWidth: 'none',
                userSelect: 'none',
                pointerEvents: 'none',
                ...(size
                  ? {
                      width: size.width * scale,
                      height: size.height * scale,
                      transform: `translate(${place.x}px, ${place.y}px)`,
                    }
                  : { width: '100%', height: '100%', objectFit: 'cover' }),
              }}
            />
          ) : null}
          {/* The round outline the picture will be shown in. */}
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              boxShadow: '0 0 0 999px rgba(0, 0, 0, 0.35)',
              pointerEvents: 'none',
            }}
          />
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mt: 2, px: 1 }}>
          <ZoomOut aria-hidden sx={{ color: 'text.secondary' }} />
          <Slider
            aria-label={t('image.zoom')}
            min={1}
            max={maxZoom}
            step={0.05}
            value={place.zoom}
            disabled={!size}
            onChange={(_, value) => zoomTo(value as number)}
            getAriaValueText={(value) => `${Math.round(value * 100)}%`}
          />
          <ZoomIn aria-hidden sx={{ color: 'text.secondary' }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void confirm()} loading={working}>
          {t('image.cropConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
