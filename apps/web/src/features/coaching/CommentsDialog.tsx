import { type CoachingSession, saveSessionCommentBody } from '@dm/shared';
import { Loader, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { formatDateTime, formatLongDay } from '../../lib/dates';
import { bodySchema, FormActions, useFormSubmit, useResetOnOpen, useZodForm } from '../../lib/form';
import { useSaveComment, useSessionComments } from './queries';

const EMPTY = { comment: '' };

/**
 * The comments of one coaching session: the couple and the session's staff write one thread
 * (oldest first). A cancelled session shows its thread without the form.
 */
export function CommentsDialog({
  session,
  onClose,
}: {
  session: CoachingSession | null;
  onClose: () => void;
}) {
  const opened = session !== null;
  const comments = useSessionComments(session?.sessionId ?? null);
  const save = useSaveComment(session?.sessionId ?? 0);
  const { form, formRef, focusFirstError } = useZodForm(
    bodySchema(saveSessionCommentBody, (v: typeof EMPTY) => ({ session_id: session?.sessionId ?? 1, ...v })),
    EMPTY,
  );
  useResetOnOpen(form, opened, EMPTY);
  const submit = useFormSubmit(form, (v) => save.mutateAsync(v.comment.trim()), {
    onDone: () => form.reset(),
    fieldFor: () => 'comment',
  });
  const open = session?.status !== 'Cancelled';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={session ? `Comments on the session of ${formatLongDay(session.scheduledTime)}` : 'Comments'}
      size="lg"
    >
      <Stack>
        {comments.isPending && opened ? <Loader size="sm" aria-label="Loading comments" /> : null}
        {comments.data?.length === 0 ? <Text c="dimmed">No comments yet.</Text> : null}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {(comments.data ?? []).map((c) => (
            <Paper key={c.commentId} withBorder p="xs" component="li">
              <Text fz="sm" fw={600}>
                {c.authorName}{' '}
                <Text span fz="xs" c="dimmed">
                  {formatDateTime(c.createdAt)}
                </Text>
              </Text>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.comment}
              </Text>
            </Paper>
          ))}
        </Stack>
        {open ? (
          <form ref={formRef} noValidate onSubmit={form.onSubmit(submit.submit, focusFirstError)}>
            <Stack>
              {/* Not editable while it saves: the success clears it, and words typed meanwhile would go. */}
              <Textarea
                label="Comment"
                required
                rows={2}
                readOnly={submit.busy}
                {...form.getInputProps('comment')}
              />
              <FormActions onCancel={onClose} busy={submit.busy} submitLabel="Add comment" />
            </Stack>
          </form>
        ) : (
          <Text c="dimmed">The session is cancelled; it takes no more comments.</Text>
        )}
      </Stack>
    </Modal>
  );
}
