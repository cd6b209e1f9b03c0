import { type AgencyRow, MSG, PAGES } from '@dm/shared';
import {
  Alert,
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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { agencyKeys, flaggedField, useAgency, useCountries } from './queries';

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

/** /addagency, or /addagency?id= to edit an agency. */
export default function AddAgencyPage() {
  const [params] = useSearchParams();
  const idParam = Number(params.get('id'));
  const editId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agency = useAgency(editId);
  const countries = useCountries();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (agency.data) setValues(valuesOf(agency.data));
  }, [agency.data]);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<AgencyRow>(editId ? 'updatecenterdetails' : 'addcenterdetails', {
        body,
        successToast: true,
        silent: true,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
      navigate(PAGES.agencylist.path);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return setFormError(MSG.HTTP_FAILURE);
      const field = flaggedField(error.data);
      // The server's message flags the field it is about ("Organization is already registered").
      if (field && field in LABEL) setErrors((e) => ({ ...e, [field]: error.message }));
      else setFormError(error.message);
    },
  });

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const required = editId ? REQUIRED_EDIT : REQUIRED_ADD;
    const missing = Object.fromEntries(
      required.filter((f) => values[f].trim() === '').map((f) => [f, `${LABEL[f]} is required.`]),
    );
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    const { country, ...rest } = values;
    save.mutate(editId ? { ...rest, center_id: editId } : { ...rest, country });
  };

  if (editId && agency.isPending) return <Loader aria-label="Loading agency" />;

  const input = (field: Field) => ({
    label: LABEL[field],
    value: values[field],
    error: errors[field],
    required: (editId ? REQUIRED_EDIT : REQUIRED_ADD).includes(field),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field, e.currentTarget.value),
  });

  return (
    <Stack maw={900}>
      <Title order={1} fz="h2">
        {editId ? 'Edit agency' : PAGES.addagency.title}
      </Title>
      {formError ? (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      ) : null}
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
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
                value={values.country}
                onChange={(v) => set('country', v ?? '')}
                error={errors.country}
              />
            )}
          </SimpleGrid>
          <TextInput {...input('address')} />
          <Textarea {...input('summary')} rows={4} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(PAGES.agencylist.path)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editId ? 'Update' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
