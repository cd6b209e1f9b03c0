import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyRow, createApiKeyBody, PAGES } from '@dm/shared';
import { Badge, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { type Column, ListTable, useClientList } from '../../components/ListTable';
import { RowActions } from '../../components/RowActions';
import { formatDateTime } from '../../lib/dates';
import { FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { AgencyScreen, useAgencyChoice } from '../email-templates/AgencyField';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './queries';
import { SecretOnce } from './SecretOnce';

const COLUMNS: Column<ApiKeyRow>[] = [
  {
    key: 'name',
    label: 'Name',
    rowHeader: true,
    sortable: true,
    sortValue: (k) => k.name,
    render: (k) => k.name,
  },
  {
    key: 'hint',
    label: 'Key',
    render: (k) => (
      <Text ff="monospace" fz="sm">
        {k.hint}
      </Text>
    ),
  },
  { key: 'scope', label: 'Scope', render: (k) => API_KEY_SCOPE_LABELS[k.scope] },
  {
    key: 'created_at',
    label: 'Created',
    sortable: true,
    sortValue: (k) => k.created_at,
    render: (k) => `${formatDateTime(k.created_at)}${k.created_by ? ` by ${k.created_by}` : ''}`,
  },
  {
    key: 'last_used_at',
    label: 'Last used',
    render: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'),
  },
  {
    key: 'status',
    label: 'Status',
    render: (k) =>
      k.revoked_at ? (
        <Badge color="gray" c="black" variant="light">{`Revoked ${formatDateTime(k.revoked_at)}`}</Badge>
      ) : (
        <Badge color="green" c="black" variant="light">
          Active
        </Badge>
      ),
  },
];

function CreateKeyForm({ centerId, onCreated }: { centerId: number; onCreated: (secret: string) => void }) {
  const { form, formRef, focusFirstError } = useZodForm(createApiKeyBody, { name: '', scope: 'read' });
  const create = useCreateApiKey(centerId);
  const submit = useFormSubmit(form, (values) => create.mutateAsync(createApiKeyBody.parse(values)), {
    onDone: (created) => {
      form.reset();
      onCreated(created.secret);
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(submit.submit, focusFirstError)}>
      <Stack>
        <FormAlert message={submit.error} />
        <TextInput
          label="Name"
          description="What the key is for, e.g. the tool that uses it."
          required
          {...form.getInputProps('name')}
        />
        <Radio.Group label="Scope" required {...form.getInputProps('scope')}>
          <Group mt="xs">
            {API_KEY_SCOPES.map((scope) => (
              <Radio key={scope} value={scope} label={API_KEY_SCOPE_LABELS[scope]} />
            ))}
          </Group>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={submit.busy}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function KeysTable({ centerId, keys }: { centerId: number; keys: ApiKeyRow[] }) {
  const list = useClientList(keys, COLUMNS, { sort: 'created_at', ord: 'desc', pageSize: 20 });
  const revoke = useRevokeApiKey(centerId);
  return (
    <ListTable
      caption="API keys"
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      list={list}
      rowKey={(k) => k.id}
      empty="No API keys yet."
      actions={{
        render: (k) =>
          k.revoked_at ? null : (
            <RowActions
              actions={[
                {
                  label: 'Revoke',
                  ariaLabel: `Revoke key ${k.name}`,
                  danger: true,
                  onClick: () =>
                    modals.openConfirmModal({
                      title: 'Revoke the API key',
                      children: <Text>{`Tools using "${k.name}" stop working at once.`}</Text>,
                      labels: { confirm: 'Revoke', cancel: 'Cancel' },
                      confirmProps: { color: 'red' },
                      onConfirm: () => revoke.mutate(k.id),
                    }),
                },
              ]}
            />
          ),
      }}
    />
  );
}

/**
 * /apikeys (decision 028): a center's API keys. The key is shown once when created;
 * a key acts for the center with an agency admin's reach, read-only or read-write.
 */
export default function ApiKeysPage() {
  const agency = useAgencyChoice();
  const keys = useApiKeys(agency.centerId);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <AgencyScreen
      title={PAGES.apikeys.title}
      intro="Keys your own tools call this application's API with (Authorization: Bearer <key>), as your agency, read-only or read-write. The API is described at /api/docs."
      agency={agency}
      query={keys}
      what="the API keys"
    >
      {(data, centerId) => (
        <>
          {secret ? (
            <SecretOnce title="Your new API key" secret={secret} onDone={() => setSecret(null)} />
          ) : null}
          <Paper withBorder p="md" component="section" aria-labelledby="new-key">
            <Title order={2} fz="h4" mb="sm" id="new-key">
              New key
            </Title>
            <CreateKeyForm centerId={centerId} onCreated={setSecret} />
          </Paper>
          <KeysTable centerId={centerId} keys={data} />
        </>
      )}
    </AgencyScreen>
  );
}
