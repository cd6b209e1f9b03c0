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
import { Button, Checkbox, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { MessageDialog } from '../../components/MessageDialog';
import { ApiError } from '../../lib/api-error';
import {
  FormActions,
  FormAlert,
  singleMessage,
  useFormSubmit,
  useResetOnOpen,
  useZodForm,
} from '../../lib/form';
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

/** Portfolios chosen, or a new one named (by the shared rule); neither is the spec's message. */
const addForm = z
  .object({ chosen: z.array(z.string()), newName: z.string() })
  .superRefine(({ chosen, newName }, ctx) => {
    if (newName.trim()) {
      const issue = portfolioName.safeParse(newName).error?.issues[0];
      if (issue) ctx.addIssue({ code: 'custom', path: ['newName'], message: issue.message });
    } else if (chosen.length === 0)
      ctx.addIssue({ code: 'custom', path: ['chosen'], message: MSG.PORTFOLIO_PICK });
  });
const ADD_EMPTY = { chosen: [] as string[], newName: '' };

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
  const { form } = useZodForm(addForm, ADD_EMPTY, {
    // One message at a time, gone at the next change.
    onValuesChange: () => {
      form.clearErrors();
      add.setError(null);
    },
  });
  useResetOnOpen(form, opened, ADD_EMPTY);
  const add = useFormSubmit(
    form,
    async ({ chosen, newName }) => {
      const name = newName.trim() ? portfolioName.parse(newName) : undefined;
      try {
        const answer = await addDonorToPortfolios(donorId, chosen.map(Number), name);
        if (answer.warning) notify('warning', answer.warning);
      } catch (e) {
        if (e instanceof ApiError && e.message.includes('already')) {
          void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
        }
        throw e;
      }
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    },
    { onDone: onClose },
  );
  const open = (list.data ?? []).filter((p) => p.status !== 'Archived');
  // A client has one portfolio, from the case manager: they may only start one when none is shared.
  const mayCreate = user ? mayStartPortfolio(policySubjectOf(user), open.length > 0) : true;
  return (
    <Modal opened={opened} onClose={onClose} title={`Add donor ${label} to a portfolio`}>
      <form noValidate onSubmit={form.onSubmit(add.submit)}>
        <Stack>
          {list.isPending ? (
            <Text c="dimmed">Loading portfolios…</Text>
          ) : open.length === 0 ? (
            <Text c="dimmed">{MSG.NO_PORTFOLIO}</Text>
          ) : (
            <Checkbox.Group label="Portfolios" {...form.getInputProps('chosen')} error={undefined}>
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
              {...form.getInputProps('newName')}
              error={undefined}
            />
          ) : null}
          <FormAlert message={singleMessage(form, add.error)} />
          <FormActions onCancel={onClose} busy={add.busy} submitLabel="Add to portfolio" />
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

/** An existing portfolio chosen, or a new one named by the shared rule (blank: the spec's message). */
const saveForm = z
  .object({ target: z.string().nullable(), name: z.string() })
  .superRefine(({ target, name }, ctx) => {
    if (target) return;
    const issue = portfolioName.safeParse(name).error?.issues[0];
    if (issue)
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: name.trim() ? issue.message : MSG.PORTFOLIO_PICK,
      });
  });
const SAVE_EMPTY = { target: null as string | null, name: '' };

/** Saves the donors a search finds (fewer than 150) as a new portfolio or into an existing one. */
export function SaveSearchAsPortfolioButton({ filters }: { filters: SearchFiltersInput }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [ids, setIds] = useState<number[] | null>(null);
  const list = usePortfolios(false, ids !== null);
  const { form } = useZodForm(saveForm, SAVE_EMPTY, {
    // One message at a time, gone at the next change.
    onValuesChange: () => {
      form.clearErrors();
      save.setError(null);
    },
  });
  const save = useFormSubmit(
    form,
    async ({ target, name }) => {
      if (!ids) return;
      const input = target
        ? { shortlist_id: Number(target), donor_details: ids }
        : { name: portfolioName.parse(name), donor_details: ids };
      const answer = await saveSearchAsPortfolio(input);
      if (answer.warning) notify('warning', answer.warning);
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    },
    { onDone: () => setIds(null) },
  );
  if (!user || !canOpen(subjectOf(user), 'portfoliolistpage')) return null;
  const start = async () => {
    try {
      const found = await searchDonorIds(filters);
      if (found.count === 0) {
        notify('warning', MSG.NO_DATA);
        return;
      }
      form.setValues(SAVE_EMPTY);
      form.clearErrors();
      setIds(found.ids);
    } catch {
      // the request wrapper already showed the message (e.g. more than 150 donors)
    }
  };
  return (
    <>
      {/* Not "Save search ...": that name belongs to the saved-search button beside it. */}
      <Button variant="default" onClick={() => void start()}>
        Save results as portfolio
      </Button>
      <Modal opened={ids !== null} onClose={() => setIds(null)} title="Save search as portfolio">
        <form noValidate onSubmit={form.onSubmit(save.submit)}>
          <Stack>
            <Text>{ids?.length ?? 0} donors match this search.</Text>
            <Select
              label="Add to an existing portfolio"
              placeholder="Choose a portfolio"
              clearable
              data={(list.data ?? [])
                .filter((p) => p.canEdit && p.status !== 'Submitted' && p.status !== 'Archived')
                .map((p) => ({ value: String(p.id), label: p.name }))}
              {...form.getInputProps('target')}
              error={undefined}
            />
            <TextInput
              label="Or name a new portfolio"
              {...form.getInputProps('name')}
              error={undefined}
              disabled={form.values.target !== null}
            />
            <FormAlert message={singleMessage(form, save.error)} />
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
