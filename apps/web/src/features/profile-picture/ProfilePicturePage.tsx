import { hasUserPicture, IMAGE_MAX_BYTES, PHOTO_TYPES, pagePath, UPLOAD_MSG } from '@dm/shared';
import { Alert, Anchor, Avatar, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { confirmDelete } from '../../components/RowActions';
import { useSession } from '../../lib/session';
import { acceptOf, uploadFailure } from '../uploads/checks';
import { FilePicker } from '../uploads/FilePicker';
import { ImageEditorDialog } from '../uploads/ImageEditorDialog';
import { checkEditedImage, checkProfileImage, initialsOf } from './checks';
import { removeUserPicture, uploadUserPicture, usePictureChange, useUserPicture } from './queries';

/** A chosen file waiting to be uploaded, shown from an object URL. */
interface Chosen {
  file: File;
  url: string;
}

/**
 * /profileimg: the profile picture of a user who is not a donor. Shows the current picture (or
 * the initials), chooses a file (checked here with the server's messages), crops and rotates it
 * in the photo editor, uploads and removes. Donors are sent to their photos & media tab.
 */
export default function ProfilePicturePage() {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  const own = user ? hasUserPicture(user) : false;
  const picture = useUserPicture(userId, own);
  const change = usePictureChange(userId);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [editing, setEditing] = useState<'chosen' | 'current' | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The object URL lives as long as the chosen file is shown.
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  if (!user) return null;
  if (!own) {
    return (
      <Stack>
        <Title order={1}>Profile picture</Title>
        <Text>
          Donors keep their pictures on the donor form:{' '}
          <Anchor component={Link} to={pagePath('donorform', { id: user.userId })}>
            Photos &amp; media
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }

  const current = picture.data?.url ?? null;
  const choose = (files: File[]) => {
    const problem = files.length > 1 ? UPLOAD_MSG.perSelection(1) : checkProfileImage(files[0]);
    setError(problem);
    if (problem) return;
    setChosen({ file: files[0]!, url: URL.createObjectURL(files[0]!) });
  };
  const send = async (blob: Blob, name: string, edited: boolean) => {
    await change.mutateAsync(() => uploadUserPicture(userId, user.role, blob, name, edited));
    setChosen(null);
  };
  const uploadChosen = async () => {
    if (!chosen) return;
    setError(null);
    try {
      await send(chosen.file, chosen.file.name, false);
    } catch (e) {
      setError(uploadFailure(e));
    }
  };

  return (
    <Stack maw={640}>
      <Title order={1}>Profile picture</Title>
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} fz="h4">
            Current picture
          </Title>
          <Group>
            {current ? (
              <Image
                src={current}
                alt={`Profile picture of ${user.fullName}`}
                h={160}
                w={160}
                radius="md"
                fit="cover"
              />
            ) : (
              <Avatar
                size={120}
                radius={120}
                color="violet"
                aria-label={`No picture yet: initials ${initialsOf(user)}`}
              >
                {initialsOf(user)}
              </Avatar>
            )}
            <Stack gap="xs">
              {current ? (
                <>
                  <Button variant="default" onClick={() => setEditing('current')}>
                    Crop and rotate current picture
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    onClick={() =>
                      confirmDelete({
                        title: 'Remove profile picture',
                        message: UPLOAD_MSG.REMOVE_PROFILE_PICTURE_CONFIRM,
                        onConfirm: () => change.mutate(() => removeUserPicture(userId)),
                      })
                    }
                  >
                    Remove picture
                  </Button>
                </>
              ) : (
                <Text c="dimmed">No picture yet: your initials show instead.</Text>
              )}
            </Stack>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} fz="h4">
            New picture
          </Title>
          <FilePicker
            label="Choose a picture"
            description={`${PHOTO_TYPES.join(', ')}; at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`}
            accept={acceptOf(PHOTO_TYPES)}
            disabled={change.isPending}
            onFiles={choose}
          />
          {chosen ? (
            <Group align="flex-start">
              <Image
                src={chosen.url}
                alt={`Chosen picture ${chosen.file.name}`}
                h={160}
                w="auto"
                fit="contain"
              />
              <Stack gap="xs">
                <Button onClick={() => void uploadChosen()} loading={change.isPending}>
                  Upload picture
                </Button>
                <Button variant="default" onClick={() => setEditing('chosen')} disabled={change.isPending}>
                  Crop and rotate
                </Button>
                <Button variant="subtle" onClick={() => setChosen(null)} disabled={change.isPending}>
                  Cancel
                </Button>
              </Stack>
            </Group>
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
      {editing ? (
        <ImageEditorDialog
          opened
          src={editing === 'chosen' && chosen ? chosen.url : (current ?? '')}
          title="Crop and rotate profile picture"
          saveLabel="Upload edited picture"
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
          save={async (blob) => {
            const problem = checkEditedImage(blob);
            if (problem) throw new Error(problem);
            await send(blob, 'edited.jpg', true);
          }}
          failure={(e) =>
            e instanceof Error && e.message === UPLOAD_MSG.TOO_BIG ? e.message : uploadFailure(e)
          }
        />
      ) : null}
    </Stack>
  );
}
