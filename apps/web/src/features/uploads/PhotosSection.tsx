import {
  type DonorMedia,
  MANDATORY_PICTURES,
  MAX_IMAGES,
  type MediaFile,
  PHOTO_TYPES,
  UPLOAD_MSG,
} from '@dm/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDeleteButton } from '../../components/RowActions';
import { notify } from '../../lib/notify';
import { acceptOf, checkPhotos, checkProfilePhoto, uploadFailure } from './checks';
import { FilePicker } from './FilePicker';
import { ImageEditorDialog } from './ImageEditorDialog';
import { ImageGuidelinesDialog } from './ImageGuidelinesDialog';
import {
  acceptImageGuidelines,
  makeProfilePhoto,
  removePhoto,
  saveEditedPhoto,
  savePhotoCaption,
  setVisibility,
  uploadKeys,
  uploadPhotos,
  uploadProfilePhoto,
} from './queries';

interface Staged {
  file: File;
  url: string;
  caption: string;
}

/** Whether a file was added after staff's last visit. */
export const isNew = (file: MediaFile, since: string | null) => since !== null && file.createdAt > since;

function PhotoCard(props: {
  donorId: number;
  photo: MediaFile;
  index: number;
  readOnly: boolean;
  isNew: boolean;
}) {
  const { donorId, photo, readOnly } = props;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: uploadKeys.media(donorId) });
  const [caption, setCaption] = useState(photo.caption ?? '');
  const label = `photo ${props.index + 1}`;
  const run = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSettled: () => void refresh(),
  });
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder p="xs" component="li">
      <Stack gap="xs">
        <Image
          src={photo.url}
          alt={photo.caption ? `Photo: ${photo.caption}` : `Photo ${props.index + 1}`}
          h={140}
          fit="cover"
          radius="sm"
        />
        <Group gap={4}>
          {photo.isDefault ? <Badge>Profile picture</Badge> : null}
          {props.isNew ? <Badge color="green">New</Badge> : null}
          {photo.private ? <Badge variant="outline">Private</Badge> : null}
        </Group>
        {readOnly ? (
          photo.caption ? (
            <Text size="sm">{photo.caption}</Text>
          ) : null
        ) : (
          <>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={`Caption of ${label}`}
                value={caption}
                maxLength={200}
                onChange={(e) => setCaption(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button
                variant="default"
                size="xs"
                aria-label={`Save caption of ${label}`}
                disabled={caption === (photo.caption ?? '')}
                onClick={() => run.mutate(() => savePhotoCaption(donorId, photo.id, caption))}
              >
                Save
              </Button>
            </Group>
            <Switch
              label={`Private (${label})`}
              checked={photo.private}
              onChange={(e) => {
                const isPublic = !e.currentTarget.checked;
                run.mutate(() => setVisibility(donorId, 'picture', photo.id, isPublic));
              }}
            />
            <Group gap="xs">
              {!photo.isDefault ? (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Make profile picture: ${label}`}
                  onClick={() => run.mutate(() => makeProfilePhoto(donorId, photo.id))}
                >
                  Make profile picture
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="default"
                aria-label={`Edit ${label}`}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
              <ConfirmDeleteButton
                ariaLabel={`Delete ${label}`}
                title="Delete picture"
                message={UPLOAD_MSG.DELETE_PICTURE_CONFIRM}
                onConfirm={() => run.mutate(() => removePhoto(donorId, photo.id))}
              />
            </Group>
            <ImageEditorDialog
              opened={editing}
              src={photo.url}
              save={(blob) => saveEditedPhoto(donorId, photo, blob)}
              title={`Edit ${label}`}
              onClose={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                void refresh();
              }}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Photos: the image guidelines first, then a selection (checked here by type, size and counts)
 * staged with captions, then one upload. The first photo becomes the profile picture.
 */
export function PhotosSection({
  media,
  readOnly,
  newSince,
  guidelinesRequired,
}: {
  media: DonorMedia;
  readOnly: boolean;
  newSince: string | null;
  /** The donor accepts the image guidelines before her first photos; staff need not. */
  guidelinesRequired: boolean;
}) {
  const donorId = media.donorId;
  const queryClient = useQueryClient();
  const [staged, setStaged] = useState<Staged[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [guidelinesOpen, setGuidelinesOpen] = useState(false);
  const [accepted, setAccepted] = useState(media.imageGuidelinesAccepted || !guidelinesRequired);
  useEffect(
    () => setAccepted(media.imageGuidelinesAccepted || !guidelinesRequired),
    [media.imageGuidelinesAccepted, guidelinesRequired],
  );
  // Preview URLs live until the tab goes away (a caption edit must not revoke a shown preview).
  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const accept = useMutation({
    mutationFn: () => acceptImageGuidelines(donorId),
    onSuccess: () => {
      setAccepted(true);
      setGuidelinesOpen(false);
      void queryClient.invalidateQueries({ queryKey: uploadKeys.media(donorId) });
    },
  });
  const upload = useMutation({
    mutationFn: (items: Staged[]) => uploadPhotos(donorId, items),
    onSuccess: () => setStaged([]),
    onError: (e) => setError(uploadFailure(e)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: uploadKeys.media(donorId) }),
  });

  const profile = useMutation({
    mutationFn: (file: File) => uploadProfilePhoto(donorId, file),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: uploadKeys.media(donorId) }),
  });
  const chooseProfile = (files: File[]) => {
    if (upload.isPending || profile.isPending) {
      notify('warning', UPLOAD_MSG.BUSY);
      return;
    }
    const problem = checkProfilePhoto(files, media.pictures.length);
    setError(problem);
    if (!problem) profile.mutate(files[0]!);
  };

  const choose = (files: File[]) => {
    if (upload.isPending) {
      notify('warning', UPLOAD_MSG.BUSY);
      return;
    }
    if (staged.length > 0) {
      setError(UPLOAD_MSG.UPLOAD_SELECTED_FIRST);
      return;
    }
    const problem = checkPhotos(files, media.pictures.length);
    setError(problem);
    if (problem) return;
    const next = files.map((file) => ({ file, url: URL.createObjectURL(file), caption: '' }));
    previews.current.push(...next.map((s) => s.url));
    setStaged(next);
  };
  const unreadable = (item: Staged) => {
    setStaged((list) => list.filter((s) => s !== item));
    setError(UPLOAD_MSG.READ_IMAGES_FAILED);
  };

  return (
    <Stack component="section" aria-labelledby="media-photos">
      <Group justify="space-between">
        <Title order={3} id="media-photos">
          Photos ({media.pictures.length} of {MAX_IMAGES})
        </Title>
        <Button variant="default" onClick={() => setGuidelinesOpen(true)}>
          Image guidelines
        </Button>
      </Group>
      {media.pictures.length < MANDATORY_PICTURES ? (
        <Alert color="yellow" role="status">
          {UPLOAD_MSG.SELECT_PROFILE_PICTURE}
        </Alert>
      ) : null}
      {!readOnly ? (
        <Stack gap="xs">
          {!accepted ? (
            <Text size="sm">Please read and accept the image guidelines before adding photos.</Text>
          ) : null}
          <FilePicker
            label="Add photos"
            description="png, jpeg, jpg, gif or bmp; up to 20 MB each; at most 15 at a time"
            accept={acceptOf(PHOTO_TYPES)}
            multiple
            disabled={!accepted}
            onFiles={choose}
          />
          <FilePicker
            label="Upload a profile picture"
            description="One photo; it becomes your profile picture"
            accept={acceptOf(PHOTO_TYPES)}
            disabled={!accepted || profile.isPending}
            onFiles={chooseProfile}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {staged.length > 0 ? (
            <Paper withBorder p="sm">
              <Stack>
                <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
                  {staged.map((s, i) => (
                    <Stack key={s.url} gap={4}>
                      <Image
                        src={s.url}
                        alt={`Selected photo ${i + 1}: ${s.file.name}`}
                        h={100}
                        fit="cover"
                        onError={() => unreadable(s)}
                      />
                      <TextInput
                        label={`Caption for ${s.file.name}`}
                        maxLength={200}
                        value={s.caption}
                        onChange={(e) => {
                          const caption = e.currentTarget.value;
                          setStaged((list) => list.map((x) => (x === s ? { ...x, caption } : x)));
                        }}
                      />
                    </Stack>
                  ))}
                </SimpleGrid>
                <Group>
                  <Button loading={upload.isPending} onClick={() => upload.mutate(staged)}>
                    Upload {staged.length === 1 ? 'photo' : `${staged.length} photos`}
                  </Button>
                  <Button variant="default" disabled={upload.isPending} onClick={() => setStaged([])}>
                    Clear selection
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      ) : null}
      {media.pictures.length === 0 ? (
        <Text c="dimmed">No photos yet.</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {media.pictures.map((p, i) => (
            <PhotoCard
              key={p.id}
              donorId={donorId}
              photo={p}
              index={i}
              readOnly={readOnly}
              isNew={isNew(p, newSince)}
            />
          ))}
        </SimpleGrid>
      )}
      <ImageGuidelinesDialog
        opened={guidelinesOpen}
        onClose={() => setGuidelinesOpen(false)}
        onAccept={() => accept.mutate()}
        accepting={accept.isPending}
      />
    </Stack>
  );
}
