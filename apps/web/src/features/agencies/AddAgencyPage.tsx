import { type AgencyRow, PAGES } from '@dm/shared';
import {
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { useAgency, useCountries, useSaveAgency } from './queries';

type Field = 'name' | 'email' | 'contact_no' | 'agency_url' | 'zipcode' | 'country' | 'address' | 'summary';
type Values = Record<Field, string>;

const LABEL: Record<Field, string> = {
  name: 'Name',
  email: 'Email',
  contact_no: 'Contact number',
  agency_url: 'Agency URL',
  zipcode: 'Zip code',
  country: 'Country',
  address: 'Address',
  summary: 'Summary',
};
/** Add needs name, email, contact number, URL, zip and country; edit needs name, address, email, contact number, summary, URL and zip. */
const REQUIRED_ADD: Field[] = ['name', 'email', 'contact_no', 'agency_url', 'zipcode', 'country'];
const REQUIRED_EDIT: Field[] = ['name', 'address', 'email', 'contact_no', 'summary', 'agency_url', 'zipcode'];

const EMPTY: Values = {
  name: '',
  email: '',
  contact_no: '',
  agency_url: '',
  zipcode: '',
  country: 'US',
  address: '',
  summary: '',
};

const valuesOf = (a: AgencyRow): Values => ({
  name: a.name,
  email: a.email,
  contact_no: a.contactNo,
  agency_url: a.agencyUrl,
  zipcode: a.zipcode,
  country: 'US',
  address: a.address,
  summary: a.summary,
});

/** The fields the page asks for, each "{label} is required." when blank. */
const requiredOf = (required: readonly Field[]) =>
  z.object(
    Object.fromEntries(
      required.map((f) => [f, z.string().refine((v) => v.trim() !== '', `${LABEL[f]} is required.`)]),
    ),
  );

/** /addagency, or /addagency?id= to edit an agency. */
export default function AddAgencyPage() {
  const [params] = useSearchParams();
  const idParam = Number(params.get('id'));
  const editId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const navigate = useNavigate();
  const _queryClient = useQueryClient();
  const agency = useAgency(editId);
  const countries = useCountries();
  const { form } = useZodForm<Values>(requiredOf(editId ? REQUIRED_EDIT : REQUIRED_ADD), EMPTY);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    if (agency.data) form.setValues(valuesOf(agency.data));
  }, [agency.data]);

  const saveAgency = useSaveAgency();
  // The server's message flags the field it is about ("Organization is already registered").
  const save = useFormSubmit(
    form,
    ({ country, ...rest }) =>
      saveAgency.mutateAsync(editId ? { ...rest, center_id: editId } : { ...rest, country }),
    { onDone: () => navigate(PAGES.agencylist.path) },
  );

  if (editId && agency.isPending) return <Loader aria-label="Loading agency" />;

  const input = (field: Field) => ({
    label: LABEL[field],
    required: (editId ? REQUIRED_EDIT : REQUIRED_ADD).includes(field),
    ...form.getInputProps(field),
  });

  return (
    <Stack maw={900}>
      <Title order={1} fz="h2">
        {editId ? 'Edit agency' : PAGES.addagency.title}
      </Title>
      <FormAlert message={save.error} />
      <Paper withBorder p="md" component="form" onSubmit={form.onSubmit(save.submit)} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...input('name')} />
            <TextInput {...input('email')} type="email" />
            <TextInput {...input('contact_no')} type="tel" />
            <TextInput {...input('agency_url')} />
            <TextInput {...input('zipcode')} />
            {editId ? null : (
              <Select
                label="Country"
                required
                searchable
                data={(countries.data ?? [{ isoCode: 'US', name: 'United States' }]).map((c) => ({
                  value: c.isoCode,
                  label: c.name,
                }))}
                {...form.getInputProps('country')}
                onChange={(v) => form.setFieldValue('country', v ?? '')}
              />
            )}
          </SimpleGrid>
          <TextInput {...input('address')} />
          <Textarea {...input('summary')} rows={4} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(PAGES.agencylist.path)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.busy}>
              {editId ? 'Update' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
