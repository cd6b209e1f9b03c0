import {
  type FeeOption,
  mayManageGlobalFeeOptions,
  PAGES,
  type SaveFeeOptionInput,
  saveFeeOptionBody,
} from '@dm/shared';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { type Column, ListTable, useClientList } from '../../components/ListTable';
import { confirmDelete, RowActions } from '../../components/RowActions';
import { FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { policySubjectOf, useSession } from '../../lib/session';
import { AgencyScreen, useAgencyChoice } from '../email-templates/AgencyField';
import { useFeeOptions, useFeeOptionWrites, useSettingWrite } from './queries';

const COLUMNS: Column<FeeOption>[] = [
  { key: 'options', label: 'Option', sortable: true, sortValue: (o) => o.options, render: (o) => o.options },
  { key: 'comment', label: 'Comment', render: (o) => o.comment || '—' },
  {
    key: 'scope',
    label: 'Offered by',
    sortable: true,
    sortValue: (o) => (o.center_id === null ? 0 : 1),
    render: (o) => (o.center_id === null ? 'Every agency' : 'This agency'),
  },
];

function CompensationSwitch({ centerId, visible }: { centerId: number; visible: boolean }) {
  const write = useSettingWrite(centerId);
  const change = (on: boolean) =>
    modals.openConfirmModal({
      title: on ? 'Show compensation?' : 'Hide compensation?',
      children: (
        <Text>
          {on
            ? "Intended parents and other agencies will see the donors' compensation, and donors are asked their fee on their form."
            : "Intended parents no longer see the donors' compensation, and donors are no longer asked their fee. Answers already given are kept."}
        </Text>
      ),
      labels: { confirm: on ? 'Show' : 'Hide', cancel: 'Cancel' },
      onConfirm: () =>
        write.mutate({ name: 'feepaymentoptionvisibility', body: { is_compensation_visible: on } }),
    });
  return (
    <Switch
      label="Show donor compensation"
      description="Donors choose their fee from the options below (or Other with an amount); intended parents see it as the donor's compensation."
      checked={visible}
      disabled={write.isPending}
      onChange={(e) => change(e.currentTarget.checked)}
    />
  );
}

type OptionForm = Required<Pick<SaveFeeOptionInput, 'newOption' | 'newOptionComment' | 'global'>>;
const EMPTY: OptionForm = { newOption: '', newOptionComment: '', global: false };

function AddOptionForm({ centerId, master }: { centerId: number; master: boolean }) {
  const { save } = useFeeOptionWrites(centerId);
  const { form, formRef, focusFirstError } = useZodForm<OptionForm>(saveFeeOptionBody, EMPTY);
  const { submit, busy, error } = useFormSubmit(form, (values) => save.mutateAsync(values), {
    onDone: () => form.reset(),
    fieldFor: (message) => (message.includes('comment') ? 'newOptionComment' : 'newOption'),
  });
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(submit, focusFirstError)}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="New option" placeholder="$10,000" required {...form.getInputProps('newOption')} />
          <TextInput
            label="Comment"
            placeholder="Who this fee is for"
            {...form.getInputProps('newOptionComment')}
          />
        </SimpleGrid>
        {master ? (
          <Checkbox
            label="Offer it at every agency (a global option)"
            {...form.getInputProps('global', { type: 'checkbox' })}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={busy}>
            Add option
          </Button>
        </Group>
        <FormAlert message={error} title="Not added" />
      </Stack>
    </form>
  );
}

function OptionsTable({
  centerId,
  options,
  master,
}: {
  centerId: number;
  options: FeeOption[];
  master: boolean;
}) {
  const { remove } = useFeeOptionWrites(centerId);
  const list = useClientList(options, COLUMNS);
  const removable = (o: FeeOption) => o.center_id !== null || master;
  return (
    <ListTable
      caption="Fee options"
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      list={list}
      rowKey={(o) => o.option_id}
      empty="No fee options yet."
      actions={{
        render: (o) =>
          removable(o) ? (
            <RowActions
              actions={[
                {
                  label: 'Remove',
                  ariaLabel: `Remove ${o.options}`,
                  danger: true,
                  onClick: () =>
                    confirmDelete({
                      title: 'Remove fee option',
                      message:
                        o.center_id === null
                          ? `Remove “${o.options}” from every agency? Donors who chose it keep their answer.`
                          : `Remove “${o.options}”? Donors who chose it keep their answer.`,
                      onConfirm: () => remove.mutate({ option_id: o.option_id, center_id: o.center_id }),
                    }),
                },
              ]}
            />
          ) : (
            <Text size="sm" c="dimmed">
              Set by the master admin
            </Text>
          ),
      }}
    />
  );
}

/**
 * /feeandpayment: the agency's fee options (the donor form's fee question) and whether donor
 * compensation is shown. The master admin picks the agency, and also keeps the global
 * options every agency offers.
 */
export default function FeeAndPaymentPage() {
  const { user } = useSession();
  const master = user !== null && mayManageGlobalFeeOptions(policySubjectOf(user));
  const agency = useAgencyChoice();
  const fees = useFeeOptions(agency.centerId);
  return (
    <AgencyScreen
      title={PAGES.feeandpayment.title}
      intro="The fees a donor may ask for on her form. Options of every agency and the agency's own are offered together; the same option twice (ignoring case and spaces) is refused."
      agency={agency}
      query={fees}
      what="the fee options"
    >
      {(data, centerId) => (
        <>
          <Paper withBorder p="md">
            <CompensationSwitch centerId={centerId} visible={data.isCompensationVisible} />
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="fee-options">
            <Title order={2} fz="h4" mb="sm" id="fee-options">
              Fee options
            </Title>
            <Stack>
              <OptionsTable centerId={centerId} options={data.options} master={master} />
              <AddOptionForm centerId={centerId} master={master} />
            </Stack>
          </Paper>
        </>
      )}
    </AgencyScreen>
  );
}
