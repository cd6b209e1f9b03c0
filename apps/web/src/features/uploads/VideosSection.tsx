import {
  type DonorMedia,
  MAX_VIDEOS,
  type MediaFile,
  UPLOAD_MSG,
  VIDEO_TYPES,
  type VideoUploadState,
} from '@dm/shared';
import { Alert, Button, Group, Paper, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteButton } from '../../components/RowActions';
import { notify } from '../../lib/notify';
import { acceptOf, checkVideo, uploadFailure } from './checks';
import { FilePicker } from './FilePicker';
import {
  cancelVideoUpload,
  deleteVideo,
  sendVideo,
  setVisibility,
  uploadKeys,
  type VideoProgress,
} from './queries';

function VideoPlayer({ video, index }: { video: MediaFile; index: number }) {
  const [playable, setPlayable] = useState(true);
  if (!playable) return <Text c="dimmed">{UPLOAD_MSG.NO_PREVIEW}</Text>;
  return (
    // biome-ignore lint/a11y/useMediaCaption: donor videos are uploaded without caption tracks
    <video
      src={video.url}
      controls
      preload="metadata"
      aria-label={video.name ?? `Video ${index + 1}`}
      style={{ maxWidth: '100%', maxHeight: 280 }}
      onError={() => setPlayable(false)}
    />
  );
}

/**
 * Videos: sent in 3,072,000-byte chunks that survive a dropped connection; an upload left
 * unfinished (a closed tab) is listed and resumes when the same file is chosen again.
 */
export function VideosSection({ media, readOnly }: { media: DonorMedia; readOnly: boolean }) {
  const donorId = media.donorId;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: uploadKeys.media(donorId) });
  const [progress, setProgress] = useState<VideoProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: ({ file, resume }: { file: File; resume?: VideoUploadState }) =>
      sendVideo(donorId, file, setProgress, resume),
    onSuccess: () => notify('success', UPLOAD_MSG.UPLOADED),
    onError: (e) => setError(uploadFailure(e)),
    onSettled: () => {
      setProgress(null);
      void refresh();
    },
  });
  const run = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSettled: () => void refresh(),
  });

  const choose = (file: File | undefined, resume?: VideoUploadState) => {
    if (send.isPending) {
      notify('warning', UPLOAD_MSG.BUSY);
      return;
    }
    const used = media.videos.length + media.videoUploads.length - (resume ? 1 : 0);
    const problem =
      resume && file && (file.name !== resume.fileName || file.size !== resume.sizeBytes)
        ? 'Please choose the same file to resume this upload.'
        : checkVideo(file ?? null, used);
    setError(problem);
    if (problem || !file) return;
    send.mutate({ file, resume });
  };

  return (
    <Stack component="section" aria-labelledby="media-videos">
      <Title order={3} id="media-videos">
        Videos ({media.videos.length} of {MAX_VIDEOS})
      </Title>
      {!readOnly ? (
        <FilePicker
          label="Add a video"
          description={`${VIDEO_TYPES.join(', ')}; up to 500 MB`}
          accept={acceptOf(VIDEO_TYPES)}
          disabled={send.isPending}
          onFiles={(files) => choose(files[0])}
        />
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {progress ? (
        <Stack gap={4}>
          <Progress
            value={(100 * progress.sent) / Math.max(1, progress.total)}
            aria-label="Video upload progress"
          />
          <Text size="sm">
            {progress.sent} of {progress.total} parts sent
          </Text>
        </Stack>
      ) : null}
      {media.videoUploads.map((u) => (
        <Paper key={u.uploadId} withBorder p="sm">
          {u.status === 'assembling' ? (
            <Text>
              {u.fileName}: {UPLOAD_MSG.TRANSCODING}
            </Text>
          ) : (
            <Stack gap="xs">
              <Text>
                {u.fileName}: upload paused, {u.received.length} of {u.totalChunks} parts received.
              </Text>
              {!readOnly && !send.isPending ? (
                <Group align="flex-end">
                  <FilePicker
                    label={`Choose ${u.fileName} again to resume`}
                    accept={acceptOf(VIDEO_TYPES)}
                    onFiles={(files) => choose(files[0], u)}
                  />
                  <Button
                    variant="default"
                    onClick={() => run.mutate(() => cancelVideoUpload(donorId, u.uploadId))}
                  >
                    Cancel upload
                  </Button>
                </Group>
              ) : null}
            </Stack>
          )}
        </Paper>
      ))}
      {media.videos.length === 0 ? (
        <Text c="dimmed">No videos yet.</Text>
      ) : (
        <Stack component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {media.videos.map((v, i) => (
            <Paper key={v.id} withBorder p="sm" component="li">
              <Stack gap="xs">
                <VideoPlayer video={v} index={i} />
                <Text size="sm">{v.name}</Text>
                {!readOnly ? (
                  <Group>
                    <Switch
                      label={`Private (video ${i + 1})`}
                      checked={v.private}
                      onChange={(e) => {
                        const isPublic = !e.currentTarget.checked;
                        run.mutate(() => setVisibility(donorId, 'video', v.id, isPublic));
                      }}
                    />
                    <ConfirmDeleteButton
                      ariaLabel={`Delete video ${i + 1}`}
                      title="Delete video"
                      message={UPLOAD_MSG.DELETE_VIDEO_CONFIRM}
                      onConfirm={() => run.mutate(() => deleteVideo(donorId, v.id))}
                    />
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
