import {
  actsAsPortfolioClient,
  canAskAboutDonor,
  donorDisplayId,
  type Feedback,
  MSG,
  PORTFOLIO_SORTS,
  type PortfolioDetail,
  type PortfolioDonor,
  type PortfolioSort,
  pagePath,
} from '@dm/shared';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { notifyManager } from '../../components/donor/queries';
import { ApiError } from '../../lib/api-error';
import { formatNoteDate } from '../../lib/dates';
import { messageOf, useResetOnOpen, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { policySubjectOf, useSession } from '../../lib/session';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { MatchActions } from '../match/MatchActions';
import { PortfolioDonorCard } from './PortfolioDonorCard';
import { STATUS_COLOR } from './PortfolioListPage';
import {
  addComment,
  checkFirstView,
  downloadPortfolio,
  giveFeedback,
  portfolioKeys,
  saveBase64File,
  setPortfolioStatus,
  usePortfolio,
  usePortfolioNotes,
} from './queries';
import { usePortfolioGone } from './usePortfolioGone';

const SORT_LABEL: Record<PortfolioSort, string> = {
  order: 'Portfolio order',
  age: 'Age',
  height: 'Height',
  feedback: 'Feedback',
  added: 'Date added',
};

/** A comment is never blank. */
const commentForm = z.object({ text: z.string().refine((t) => t.trim() !== '', MSG.COMMENT_EMPTY) });
const NO_COMMENT = { text: '' };

/** Comments on one donor (or, without a donor, the whole portfolio) with a field to add one. */
function CommentsDialog({
  portfolioId,
  donor,
  opened,
  onClose,
}: {
  portfolioId: number;
  donor: PortfolioDonor | null;
  opened: boolean;
  onClose: () => void;
}) {
  const notes = usePortfolioNotes(portfolioId);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const gone = usePortfolioGone();
  const { form } = useZodForm(commentForm, NO_COMMENT);
  useResetOnOpen(form, opened, NO_COMMENT);
  const text = form.values.text;
  const shown = (notes.data ?? []).filter((n) => (donor ? n.donorId === donor.donorId : n.isOverall));
  const [busy, setBusy] = useState(false);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const add = async (): Promise<boolean> => {
    try {
      const added = text.trim();
      await addComment(portfolioId, added, donor?.donorId);
      // Added: nothing is unsaved any more, even while the notification below is on its way.
      form.setValues(NO_COMMENT);
      // A client's note on a donor reaches their case manager (setfavandnotesnotification).
      if (donor && user && canAskAboutDonor(policySubjectOf(user)))
        await notifyManager(donor.donorId, 'notes', added);
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.notes(portfolioId) });
      return true;
    } catch (e) {
      if (!gone(e)) form.setFieldError('text', messageOf(e));
      return false;
    }
  };
  // Also the unsaved-changes guard's save: true once the comment is added. One add at a time: a
  // second submit, or the guard's Save while the add is on its way, waits for that add instead of
  // sending the comment again. The text stays (read only) until it is stored, and on a failure.
  const submit = (): Promise<boolean> => {
    if (inFlight.current) return inFlight.current;
    if (form.validate().hasErrors) return Promise.resolve(false);
    setBusy(true);
    const adding = add().finally(() => {
      inFlight.current = null;
      setBusy(false);
    });
    inFlight.current = adding;
    return adding;
  };
  // A typed comment not yet added is an unsaved change: closing or leaving asks first.
  const confirmLeave = useUnsavedChangesGuard({
    dirty: opened && text.trim() !== '',
    save: submit,
    discard: () => form.setValues(NO_COMMENT),
  });
  // Closed while the add is on its way, the dialog closes once the comment is stored (on a
  // failure it stays open with the message and the text): nothing to ask, nothing added twice.
  const close = () => {
    if (inFlight.current) void inFlight.current.then((added) => added && onClose());
    else confirmLeave(onClose);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={donor ? `Comments on donor ${donorDisplayId(donor)}` : 'Comments on the portfolio'}
    >
      <Stack>
        {shown.length === 0 ? (
          <Text c="dimmed">No comments yet.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {shown.map((n) => (
              <li key={n.id}>
                <Text fz="sm">{n.note}</Text>
                <Text fz="xs" c="dimmed">
                  {n.userName} · {formatNoteDate(n.createdAt)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Textarea label="Comment" rows={3} readOnly={busy} {...form.getInputProps('text')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
              <Button type="submit" loading={busy}>
                Add comment
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}

function FeedbackCounts({ detail }: { detail: PortfolioDetail }) {
  return (
    <Group gap="xs" aria-label="Feedback counts">
      <Badge color="green" variant="light" c="black">
        Yes: {detail.counts.yes}
      </Badge>
      <Badge color="yellow" variant="light" c="black">
        Maybe: {detail.counts.maybe}
      </Badge>
      <Badge color="red" variant="light" c="black">
        No: {detail.counts.no}
      </Badge>
    </Group>
  );
}

/** /previewshortlist/{id}/{p?} and /portfolio/{id}: the portfolio as its client sees it. */
export default function PortfolioPreviewPage() {
  const params = useParams();
  const id = Number(params.id);
  const { user } = useSession();
  const [sort, setSort] = useState<PortfolioSort>('order');
  const detail = usePortfolio(id, sort);
  const queryClient = useQueryClient();
  const gone = usePortfolioGone();
  const [commentsFor, setCommentsFor] = useState<PortfolioDonor | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (detail.error) gone(detail.error);
  }, [detail.error, gone]);
  const asClient = user ? actsAsPortfolioClient(policySubjectOf(user)) : false;
  useEffect(() => {
    if (asClient && Number.isFinite(id)) void checkFirstView(id).catch(() => {});
  }, [id, asClient]);
  // The p parameter names a donor to bring into view.
  useEffect(() => {
    if (!params.p || !detail.data) return;
    document.getElementById(`portfolio-donor-${params.p}`)?.scrollIntoView?.({ block: 'center' });
  }, [params.p, detail.data]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
  const feedback = async (donorId: number, value: Feedback) => {
    setBusy(true);
    try {
      await giveFeedback(id, donorId, value);
      await refresh();
    } catch (e) {
      gone(e);
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    try {
      const file = await downloadPortfolio(id, sort, true);
      if (!file) {
        notify('warning', MSG.NO_DONORS_TO_DOWNLOAD);
        return;
      }
      saveBase64File(
        file.fileName,
        file.data,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    } catch (e) {
      gone(e);
    }
  };
  const submit = () =>
    modals.openConfirmModal({
      title: 'Submit portfolio',
      children: (
        <Text>
          Submit this portfolio to your case manager? You cannot change your feedback after submitting.
        </Text>
      ),
      labels: { confirm: 'Submit', cancel: 'Cancel' },
      onConfirm: () =>
        void setPortfolioStatus(id, 'Submitted').then(refresh, (e) => {
          if (!gone(e)) void refresh();
        }),
    });

  if (detail.isPending) {
    return (
      <Center h="40vh">
        <Loader aria-label="Loading portfolio" />
      </Center>
    );
  }
  if (detail.isError) {
    return (
      <Alert color="red" title="Portfolio">
        {detail.error instanceof ApiError && detail.error.status === 404
          ? MSG.NO_PORTFOLIO_FOUND
          : 'The portfolio could not be loaded.'}
      </Alert>
    );
  }
  const d = detail.data;
  const p = d.portfolio;
  const isClient = asClient;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {p.name}
          </Title>
          <Group gap="xs">
            <Badge color={STATUS_COLOR[p.status]} variant="light" c="black">
              {p.status}
            </Badge>
            <Text fz="sm">{d.donors.length} donors</Text>
          </Group>
        </Stack>
        <Group>
          <NativeSelect
            label="Sort by"
            value={sort}
            data={PORTFOLIO_SORTS.map((s) => ({ value: s, label: SORT_LABEL[s] }))}
            onChange={(e) => setSort(e.currentTarget.value as PortfolioSort)}
          />
          <Button variant="default" onClick={() => void download()}>
            Download spreadsheet
          </Button>
          <Button variant="default" onClick={() => setCommentsFor(null)}>
            Portfolio comments
          </Button>
          {p.canEdit ? (
            <Button component={Link} to={pagePath('shortlist', { id: p.id })} variant="default">
              Edit portfolio
            </Button>
          ) : null}
          {isClient && p.status === 'Active' ? <Button onClick={submit}>Submit portfolio</Button> : null}
        </Group>
      </Group>
      {p.status === 'Submitted' && isClient ? (
        <Alert color="blue">{MSG.PORTFOLIO_SUBMITTED_WARNING}</Alert>
      ) : null}
      {d.canGiveFeedback || !isClient ? <FeedbackCounts detail={d} /> : null}
      {d.donors.length === 0 ? (
        <Alert color="yellow">There are no donors in this portfolio yet.</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {d.donors.map((donor) => (
            <div key={donor.donorId} id={`portfolio-donor-${donor.donorId}`}>
              <PortfolioDonorCard
                donor={donor}
                fromPortfolio={id}
                feedbackBusy={busy}
                onFeedback={
                  d.canGiveFeedback && p.status === 'Active'
                    ? (value) => void feedback(donor.donorId, value)
                    : undefined
                }
              >
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setCommentsFor(donor)}
                  aria-label={`Comments on donor ${donorDisplayId(donor)}`}
                >
                  Comments
                </Button>
                <MatchActions
                  donorId={donor.donorId}
                  portfolioId={p.id}
                  client={
                    !isClient && p.clientId !== null
                      ? { id: p.clientId, name: p.clientName ?? 'the client' }
                      : undefined
                  }
                />
              </PortfolioDonorCard>
            </div>
          ))}
        </SimpleGrid>
      )}
      <CommentsDialog
        portfolioId={id}
        donor={commentsFor ?? null}
        opened={commentsFor !== undefined}
        onClose={() => setCommentsFor(undefined)}
      />
    </Stack>
  );
}
