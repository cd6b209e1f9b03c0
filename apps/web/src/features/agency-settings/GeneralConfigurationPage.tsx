import {
  type AgencyAccessDetails,
  defaultManagerBody,
  PAGES,
  type PortfolioDonorCountInput,
  portfolioDonorCountBody,
} from '@dm/shared';
import { Button, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { bodySchema, FormAlert, useFormSubmit, useResetOnSaved, useZodForm } from '../../lib/form';
import { AgencyScreen, useAgencyChoice } from '../email-templates/AgencyField';
import { AgencyPhoneSection } from './AgencyPhoneSection';
import {
  type SettingCall,
  useAccessDetails,
  useAgencyManagers,
  useDefaultManager,
  useSaveDefaultManager,
  useSettingWrite,
} from './queries';

type SwitchKey =
  | 'isFirstNameVisible'
  | 'isDonorTypeVisible'
  | 'ipFormVisible'
  | 'canPreactiveIpAccessDonorDetail'
  | 'receiveTextMessages';

interface SwitchDef {
  key: SwitchKey;
  /** The call and the body field it takes the new value in. */
  call: SettingCall;
  field: string;
  label: string;
  description: string;
  /** Far-reaching in this direction: asked first, with this text. */
  confirm?: { when: boolean; text: string };
}

/** The agency's switches; each call changes one setting at once (and is audited). */
export const SWITCHES: readonly SwitchDef[] = [
  {
    key: 'isFirstNameVisible',
    call: 'firstnamevisibility',
    field: 'status',
    label: "Show donors' first names",
    description:
      "Intended parents and other agencies see the first names of this agency's donors: search, cards, profiles, PDF and portfolio spreadsheets.",
    confirm: {
      when: true,
      text: "Intended parents, and the staff of other agencies that may see your donors, will see your donors' first names at once.",
    },
  },
  {
    key: 'isDonorTypeVisible',
    call: 'donortypevisibility',
    field: 'status',
    label: 'Show the donor type',
    description:
      'Donors are asked whether they donate fresh or frozen eggs, and intended parents see it and may filter on it.',
  },
  {
    key: 'ipFormVisible',
    call: 'ipformtoggle',
    field: 'status',
    label: 'Intended-parent form',
    description:
      'Intended parents fill in the intake form; a new parent is taken to it at her first sign-in.',
    confirm: {
      when: false,
      text: 'Intended parents will no longer see their intake form, and staff no longer preview it. Forms already filled in are kept.',
    },
  },
  {
    key: 'canPreactiveIpAccessDonorDetail',
    call: 'donordetailsaccesstoggle',
    field: 'donorDetailsVisible',
    label: 'Pre-Active parents may open donor profiles',
    description:
      'Intended parents who have not become members yet may open the full profile of a donor, not only the search cards.',
  },
  {
    key: 'receiveTextMessages',
    call: 'textmessagestoggle',
    field: 'status',
    label: 'Send text messages',
    description: "Sign-up codes and message notifications go out by text from the agency's number.",
    confirm: {
      when: false,
      text: 'No text message will be sent any more, not even the ones waiting to go out. Users who chose text notifications get e-mail only.',
    },
  },
];

function Switches({ centerId, details }: { centerId: number; details: AgencyAccessDetails }) {
  const write = useSettingWrite(centerId);
  const change = (s: SwitchDef, on: boolean) => {
    const run = () => write.mutate({ name: s.call, body: { [s.field]: on } });
    if (s.confirm?.when !== on) return run();
    modals.openConfirmModal({
      title: `${s.label}: ${on ? 'on' : 'off'}?`,
      children: <Text>{s.confirm.text}</Text>,
      labels: { confirm: on ? 'Turn on' : 'Turn off', cancel: 'Cancel' },
      onConfirm: run,
    });
  };
  return (
    <Stack gap="md">
      {SWITCHES.map((s) => (
        <Switch
          key={s.key}
          label={s.label}
          description={
            s.key === 'canPreactiveIpAccessDonorDetail' && !details.preActiveAccess
              ? `${s.description} This agency does not let Pre-Active parents sign in, so it has no effect for now.`
              : s.description
          }
          checked={details[s.key]}
          disabled={write.isPending}
          onChange={(e) => change(s, e.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}

function PortfolioCountForm({ centerId, details }: { centerId: number; details: AgencyAccessDetails }) {
  const write = useSettingWrite(centerId);
  const { form, formRef, focusFirstError } = useZodForm<PortfolioDonorCountInput>(portfolioDonorCountBody, {
    portfolio_donor_count: String(details.portfolioDonorCount),
  });
  useResetOnSaved(form, details.portfolioDonorCount, {
    portfolio_donor_count: String(details.portfolioDonorCount),
  });
  const { submit, busy, error } = useFormSubmit(
    form,
    (values) =>
      write.mutateAsync({
        name: 'updateportfoliodonorcount',
        body: { portfolio_donor_count: values.portfolio_donor_count },
        silent: true,
      }),
    { fieldFor: () => 'portfolio_donor_count' },
  );
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(submit, focusFirstError)}>
      <Group align="flex-end">
        <TextInput
          label="Portfolio donor count"
          description="How many donors a portfolio may hold (more than 1)."
          inputMode="numeric"
          required
          w={260}
          {...form.getInputProps('portfolio_donor_count')}
        />
        <Button type="submit" loading={busy}>
          Save count
        </Button>
      </Group>
      <FormAlert message={error} title="Not saved" mt="sm" />
    </form>
  );
}

interface ManagerForm {
  manager: string;
}

function DefaultManagerForm({ centerId }: { centerId: number }) {
  const managers = useAgencyManagers(centerId);
  const current = useDefaultManager(centerId);
  const save = useSaveDefaultManager(centerId);
  const toBody = (v: ManagerForm) => ({
    default_case_manager_id: v.manager === '' ? null : Number(v.manager),
  });
  const { form, formRef, focusFirstError } = useZodForm<ManagerForm>(bodySchema(defaultManagerBody, toBody), {
    manager: '',
  });
  const saved = current.data?.defaultCaseManagerId ?? null;
  useResetOnSaved(form, saved, { manager: saved === null ? '' : String(saved) });
  const { submit, busy, error } = useFormSubmit(
    form,
    (values) => save.mutateAsync(toBody(values).default_case_manager_id),
    {
      fieldFor: () => 'manager',
    },
  );
  const options = [
    { value: '', label: 'No default case manager' },
    ...(managers.data ?? []).map((m) => ({ value: String(m.userId), label: `${m.name} (${m.email})` })),
  ];
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(submit, focusFirstError)}>
      <Group align="flex-end">
        <Select
          label="Default case manager"
          description="New intended parents (invited or registered) get this case manager; their questions go to her."
          data={options}
          allowDeselect={false}
          w="100%"
          maw={420}
          disabled={managers.isPending || current.isPending}
          {...form.getInputProps('manager')}
        />
        <Button type="submit" loading={busy}>
          Save case manager
        </Button>
      </Group>
      <FormAlert message={error} title="Not saved" mt="sm" />
    </form>
  );
}

/**
 * /generalconfiguration: one agency's general settings. The master admin picks the
 * agency; an agency admin works on her own. Each switch takes effect at once for everyone of the
 * agency.
 */
export default function GeneralConfigurationPage() {
  const agency = useAgencyChoice();
  const details = useAccessDetails(agency.centerId);
  return (
    <AgencyScreen
      title={PAGES.generalconfiguration.title}
      intro="What intended parents and donors of the agency see, and how it reaches them."
      agency={agency}
      query={details}
      what="the settings"
    >
      {(data, centerId) => (
        <>
          <Paper withBorder p="md" component="section" aria-labelledby="settings-visibility">
            <Title order={2} fz="h4" mb="sm" id="settings-visibility">
              Visibility and features
            </Title>
            <Switches centerId={centerId} details={data} />
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="settings-portfolios">
            <Title order={2} fz="h4" mb="sm" id="settings-portfolios">
              Portfolios and case managers
            </Title>
            <Stack>
              <PortfolioCountForm centerId={centerId} details={data} />
              <DefaultManagerForm centerId={centerId} />
            </Stack>
          </Paper>
          <AgencyPhoneSection centerId={centerId} />
        </>
      )}
    </AgencyScreen>
  );
}
