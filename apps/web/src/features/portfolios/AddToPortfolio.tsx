import {
  canOpen,
  IP_QUERY_TYPES,
  type IpQueryType,
  isPreActiveClient,
  MSG,
  mayStartPortfolio,
  portfolioName,
  type SearchFiltersInput,
} from '@dm/shared';
import { Alert, Button, Checkbox, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MessageDialog } from '../../components/MessageDialog';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { policySubjectOf, subjectOf, useSession } from '../../lib/session';
import {
  addDonorToPortfolios,
  askManager,
  portfolioKeys,
  saveSearchAsPortfolio,
  searchDonorIds,
  usePortfolios,
} from './queries';

const QUERY_LABEL: Record<IpQueryType, string> = {
  ask_question: 'Ask a question',
  request_consultation: 'Request a consultation',
};

/** A Pre-Active client's question or consultation request to the case manager. */
export function AskManagerDialog({
  donorId,
  opened,
  onClose,
}: {
  donorId?: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [type, setType] = useState<IpQueryType>('ask_question');
  return (
    <MessageDialog
      title="Contact your case manager"
      intro="Portfolios open once your membership is active. Meanwhile, ask your case manager a question or request a consultation."
      label="Your message"
      submitLabel="Send"
      opened={opened}
      onClose={onClose}
      send={(query) => askManager(type, query, donorId)}
    >
      <Radio.Group
        label="What would you like to do?"
        value={type}
        onChange={(v) => setType(v as IpQueryType)}
      >
        <Group mt="xs">
          {IP_QUERY_TYPES.map((t) => (
            <Radio key={t} value={t} label={QUERY_LABEL[t]} />
          ))}
        </Group>
      </Radio.Group>
    </MessageDialog>
  );
}

/** Confirms adding one donor to chosen portfolios, or to a new one. */
function AddDialog({
  donorId,
  label,
  opened,
  onClose,
}: {
  donorId: number;
  label: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { user } = useSession();
  const list = usePortfolios(false, opened);
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setChosen([]);
      setNewName('');
      setError(null);
    }
  }, [opened]);
  const open = (list.data ?? []).filter((p) => p.status !== 'Archived');
  // A client has one portfolio, from the case manager: they may only start one when none is shared.
  const mayCreate = user ? mayStartPortfolio(policySubjectOf(user), open.length > 0) : true;
  const submit = async () => {
    let name: string | undefined;
    if (newName.trim()) {
      const parsed = portfolioName.safeParse(newName);
      if (!parsed.success) {
        setError(parsed.error.issues[0]!.message);
        return;
      }
      name = parsed.data;
    }
    if (chosen.length === 0 && !name) {
      setError(MSG.PORTFOLIO_PICK);
      return;
    }
    setBusy(true);
    try {
      const answer = await addDonorToPortfolios(donorId, chosen, name);
      if (answer.warning) notify('warning', answer.warning);
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      if (e instanceof ApiError && e.message.includes('already')) {
        void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Add donor ${label} to a portfolio`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {list.isPending ? (
            <Text c="dimmed">Loading portfolios…</Text>
          ) : open.length === 0 ? (
            <Text c="dimmed">{MSG.NO_PORTFOLIO}</Text>
          ) : (
            <Checkbox.Group
              label="Portfolios"
              value={chosen.map(String)}
              onChange={(values) => {
                setChosen(values.map(Number));
                setError(null);
              }}
            >
              <Stack gap="xs" mt="xs">
                {open.map((p) => (
                  <Checkbox
                    key={p.id}
                    value={String(p.id)}
                    label={`${p.name} (${p.donorCount} donors${p.status === 'Submitted' ? ', submitted' : ''})`}
                    disabled={p.status === 'Submitted'}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {mayCreate ? (
            <TextInput
              label="Or create a new portfolio"
              value={newName}
              onChange={(e) => {
                setNewName(e.currentTarget.value);
                setError(null);
              }}
            />
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add to portfolio
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * "Add to portfolio" on search cards, donor details and favourites. Case managers and active
 * clients confirm the portfolios; a Pre-Active client gets the question/consultation dialog.
 */
export function AddToPortfolioButton({ donorId, label }: { donorId: number; label: string }) {
  const { user } = useSession();
  const [opened, setOpened] = useState(false);
  if (!user) return null;
  const preActive = isPreActiveClient(user);
  if (!preActive && !canOpen(subjectOf(user), 'previewshortlist')) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        onClick={() => setOpened(true)}
        aria-label={`Add to portfolio: donor ${label}`}
      >
        Add to portfolio
      </Button>
      {preActive ? (
        <AskManagerDialog donorId={donorId} opened={opened} onClose={() => setOpened(false)} />
      ) : (
        <AddDialog donorId={donorId} label={label} opened={opened} onClose={() => setOpened(false)} />
      )}
    </>
  );
}

/** Saves the donors a search finds (fewer than 150) as a new portfolio or into an existing one. */
export function SaveSearchAsPortfolioButton({ filters }: { filters: SearchFiltersInput }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [ids, setIds] = useState<number[] | null>(null);
  const list = usePortfolios(false, ids !== null);
  const [target, setTarget] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!user || !canOpen(subjectOf(user), 'portfoliolistpage')) return null;
  const start = async () => {
    try {
      const found = await searchDonorIds(filters);
      if (found.count === 0) {
        notify('warning', MSG.NO_DATA);
        return;
      }
      setTarget(null);
      setName('');
      setError(null);
      setIds(found.ids);
    } catch {
      // the request wrapper already showed the message (e.g. more than 150 donors)
    }
  };
  const submit = async () => {
    if (!ids) return;
    let input: { name?: string; shortlist_id?: number; donor_details: number[] };
    if (target) input = { shortlist_id: Number(target), donor_details: ids };
    else {
      const parsed = portfolioName.safeParse(name);
      if (!parsed.success) {
        setError(name.trim() ? parsed.error.issues[0]!.message : MSG.PORTFOLIO_PICK);
        return;
      }
      input = { name: parsed.data, donor_details: ids };
    }
    try {
      const answer = await saveSearchAsPortfolio(input);
      if (answer.warning) notify('warning', answer.warning);
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
      setIds(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <>
      {/* Not "Save search ...": that name belongs to the saved-search button beside it. */}
      <Button variant="default" onClick={() => void start()}>
        Save results as portfolio
      </Button>
      <Modal opened={ids !== null} onClose={() => setIds(null)} title="Save search as portfolio">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text>{ids?.length ?? 0} donors match this search.</Text>
            <Select
              label="Add to an existing portfolio"
              placeholder="Choose a portfolio"
              clearable
              data={(list.data ?? [])
                .filter((p) => p.canEdit && p.status !== 'Submitted' && p.status !== 'Archived')
                .map((p) => ({ value: String(p.id), label: p.name }))}
              value={target}
              onChange={(v) => {
                setTarget(v);
                setError(null);
              }}
            />
            <TextInput
              label="Or name a new portfolio"
              value={name}
              disabled={target !== null}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setError(null);
              }}
            />
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setIds(null)}>
                Cancel
              </Button>
              <Button type="submit">Save portfolio</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
