import { type DexiSource, type DexiSourceKind, saveDexiSourceBody } from '@dm/shared';
import { Button, Code, Fieldset, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { FormAlert, useFormSubmit, useResetOnOpen, useZodForm } from '../../lib/form';
import { useSaveDexiSource } from './queries';

type Draft = { center_id: number; kind: DexiSourceKind; url: string; api_key: string };

/** Where a center's external donor data comes from: the drop folder or an HTTP export. */
export function DexiSourceForm({ source }: { source: DexiSource }) {
  const initial = useMemo<Draft>(
    () => ({ center_id: source.centerId, kind: source.kind, url: source.url, api_key: '' }),
    [source],
  );
  const { form } = useZodForm<Draft>(saveDexiSourceBody, initial);
  useResetOnOpen(form, true, initial);
  const save = useSaveDexiSource();
  const submit = useFormSubmit(form, (values) => save.mutateAsync(saveDexiSourceBody.parse(values)));
  const http = form.values.kind === 'http';

  return (
    <form noValidate onSubmit={form.onSubmit(submit.submit)}>
      <Fieldset legend="Data source">
        <Stack>
          <FormAlert message={submit.error} />
          <Radio.Group label="Source" {...form.getInputProps('kind')}>
            <Group mt="xs">
              <Radio value="folder" label="Drop folder" />
              <Radio value="http" label="HTTP export" />
            </Group>
          </Radio.Group>
          {http ? (
            <>
              <TextInput
                label="Export URL"
                description="Answers JSON with the export's CSV files"
                required
                {...form.getInputProps('url')}
              />
              <PasswordInput
                label="API key"
                description={source.hasApiKey ? 'Stored. Leave blank to keep it.' : 'Sent as a Bearer token.'}
                autoComplete="off"
                {...form.getInputProps('api_key')}
              />
            </>
          ) : (
            <Text size="sm">
              Put the export's CSV files (general, physical, education, status and optionally races) in{' '}
              <Code>{source.folder}</Code> on the server. A run moves them to <Code>processed/</Code>.
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={submit.busy}>
              Save source
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
