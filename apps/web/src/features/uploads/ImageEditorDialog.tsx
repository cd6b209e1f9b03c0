import { UPLOAD_MSG } from '@dm/shared';
import { Alert, Button, Group, Image, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-error';

export type Crop = 'none' | 'square' | '4:3';

export interface ImageEdit {
  /** Quarter turns clockwise, 0-3. */
  turns: number;
  crop: Crop;
}

/** The centred crop box of a width x height picture (already turned). */
export function cropBox(width: number, height: number, crop: Crop) {
  const ratio = crop === 'square' ? 1 : crop === '4:3' ? 4 / 3 : width / Math.max(1, height);
  let w = width;
  let h = height;
  if (width / Math.max(1, height) > ratio) w = Math.round(height * ratio);
  else h = Math.round(width / ratio);
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}

/** Loads the picture into a canvas, turns and crops it, and answers a JPEG (null if none came). */
export async function renderEditedImage(url: string, edit: ImageEdit): Promise<Blob | null> {
  const img = new window.Image();
  img.src = url;
  await img.decode();
  const quarter = ((edit.turns % 4) + 4) % 4;
  const turnedW = quarter % 2 ? img.naturalHeight : img.naturalWidth;
  const turnedH = quarter % 2 ? img.naturalWidth : img.naturalHeight;
  const box = cropBox(turnedW, turnedH, edit.crop);
  const canvas = document.createElement('canvas');
  canvas.width = box.width;
  canvas.height = box.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.translate(-box.x, -box.y);
  ctx.translate(turnedW / 2, turnedH / 2);
  ctx.rotate((quarter * Math.PI) / 2);
  ctx.drawImage(img, -img.naturalWidth / 2, -img.naturalHeight / 2);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
}

/** The canvas step, replaceable in tests (jsdom has no canvas). */
export const imageEditing = { render: renderEditedImage };

/** The message for a failed POST updatedonorpic: the spec's three cases. */
export function editFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return UPLOAD_MSG.IMAGE_NOT_FOUND;
  if (error instanceof ApiError && error.status === 400 && error.message) return error.message;
  return UPLOAD_MSG.IMAGE_UPDATE_FAILED;
}

/**
 * The photo editor: turn left or right by 90 degrees and crop (centred, square or 4:3), then the
 * canvas result goes to `save` (a donor's photo: POST updatedonorpic; a user's profile picture:
 * POST uploadprofilepic/{userId}/0/{userTypeId}). The canvas step is a prop so tests (jsdom has
 * no canvas) can stand in for it.
 */
export function ImageEditorDialog(props: {
  opened: boolean;
  /** The picture to edit (a stored file's address or an object URL of a chosen file). */
  src: string;
  title: string;
  onClose: () => void;
  onSaved: () => void;
  save: (blob: Blob) => Promise<unknown>;
  /** The message for a failed save (default: the donor photo's, editFailure). */
  failure?: (error: unknown) => string;
  saveLabel?: string;
  render?: (url: string, edit: ImageEdit) => Promise<Blob | null>;
}) {
  const photo = { url: props.src };

  const [turns, setTurns] = useState(0);
  const [crop, setCrop] = useState<Crop>('none');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (props.opened) {
      setTurns(0);
      setCrop('none');
      setError(null);
    }
  }, [props.opened]);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      let blob: Blob | null;
      try {
        blob = await (props.render ?? imageEditing.render)(photo.url, { turns, crop });
      } catch {
        blob = null;
      }
      // The server's minimum: an empty file (as for 'Profile picture size is too small').
      if (!blob || blob.size === 0) {
        setError(UPLOAD_MSG.EDITED_TOO_SMALL);
        return;
      }
      await props.save(blob);
      props.onSaved();
    } catch (e) {
      setError((props.failure ?? editFailure)(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="lg">
      <Stack>
        <div style={{ overflow: 'hidden', display: 'flex', justifyContent: 'center' }}>
          <Image
            src={photo.url}
            alt={`Preview, turned ${(((turns % 4) + 4) % 4) * 90} degrees`}
            mah={300}
            w="auto"
            fit="contain"
            style={{ transform: `rotate(${turns * 90}deg)` }}
          />
        </div>
        <Text size="sm">
          Turned {(((turns % 4) + 4) % 4) * 90}°; crop: {crop === 'none' ? 'none' : `${crop} (centred)`}
        </Text>
        <Group>
          <Button variant="default" onClick={() => setTurns((t) => t - 1)}>
            Rotate left
          </Button>
          <Button variant="default" onClick={() => setTurns((t) => t + 1)}>
            Rotate right
          </Button>
          <NativeSelect
            label="Crop"
            value={crop}
            onChange={(e) => setCrop(e.currentTarget.value as Crop)}
            data={[
              { value: 'none', label: 'No crop' },
              { value: 'square', label: 'Square' },
              { value: '4:3', label: '4:3' },
            ]}
          />
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={saving}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            {props.saveLabel ?? 'Save edited photo'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
