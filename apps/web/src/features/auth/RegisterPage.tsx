import { CENTER_ID, type CountryOption, type RegisterBody, ROLE, registerBody } from '@dm/shared';
import { Anchor, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { requestedCenterId } from '../../lib/agency';
import { FormAlert, messageOf, useZodForm } from '../../lib/form';
import { mustAcceptTerms, useSession } from '../../lib/session';
import { ContactNumberField, NameFields, NewPasswordFields } from './fields';
import { register as registerAccount, usePublicCountries, verifyContact } from './queries';
import { TermsDialog } from './TermsDialog';
import { TextNotificationStep } from './TextNotificationStep';

const DEFAULT_COUNTRY = 'United States';
const DEFAULT_COUNTRY_CODE = '+1';

/** The dialling code as the form sends it: '+1' from '1', '+358' from '+358-18'. */
function countryCodeOf(country: CountryOption | undefined): string {
  const code = country?.phoneCode.replace(/^\+/, '').split('-')[0];
  return code ? `+${code}` : DEFAULT_COUNTRY_CODE;
}

/** /userregister/{usertype}/{referrer?}: intended parents (9) and donors (2) sign themselves up. */
export default function RegisterPage() {
  const { usertype, referrer } = useParams();
  const userType =
    usertype === String(ROLE.CLIENT) ? ROLE.CLIENT : usertype === String(ROLE.DONOR) ? ROLE.DONOR : null;
  if (userType === null) return <Navigate to="/login" replace />;
  return <RegisterForm userType={userType} referrer={referrer} />;
}

function RegisterForm({ userType, referrer }: { userType: 2 | 9; referrer?: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const [destination, setDestination] = useState<string | null>(null);
  const countries = usePublicCountries();

  const { form, formRef, focusFirstError } = useZodForm(registerBody, {
    userType,
    firstname: '',
    middlename: '',
    lastname: '',
    username: '',
    contactno: '',
    country: DEFAULT_COUNTRY,
    password: '',
    password_c: '',
    receive_text_notification: false,
    otp: '',
  });

  const register = useMutation({
    // With text notifications chosen the code must verify first (spec: submit, verify, register).
    mutationFn: async (body: RegisterBody) => {
      if (body.receive_text_notification)
        await verifyContact({
          contactno: body.contactno,
          country_code: body.countryCode,
          otp: body.otp ?? '',
        });
      return registerAccount(body, Boolean(referrer));
    },
    onSuccess: (answer) => {
      session.signedIn(answer);
      // New accounts have not accepted the terms: the dialog opens from the session user.
      if (mustAcceptTerms(answer.user)) setDestination(answer.destination);
      else navigate(answer.destination, { replace: true });
    },
  });

  const countryOptions = countries.data ?? [];
  const selectData = countryOptions.some((c) => c.name === form.values.country)
    ? countryOptions.map((c) => c.name)
    : [form.values.country, ...countryOptions.map((c) => c.name)].filter(Boolean);

  const countryCode = countryCodeOf(countryOptions.find((c) => c.name === form.values.country));
  const centerId = requestedCenterId();

  const submit = (values: typeof form.values) => {
    const country = countryOptions.find((c) => c.name === values.country);
    const parsed = registerBody.parse({
      ...values,
      otp: values.receive_text_notification ? values.otp : undefined,
      countryCode: countryCodeOf(country),
      referrer: referrer || undefined,
      // The agency whose link brought the visitor; without one the server uses the main agency.
      centerId,
    });
    register.mutate(parsed);
  };

  const user = session.user;
  const title = userType === ROLE.CLIENT ? 'Register as an intended parent' : 'Register as a donor';

  return (
    <AuthLayout title={title} width={560}>
      <form ref={formRef} noValidate onSubmit={form.onSubmit(submit, focusFirstError)}>
        <Stack>
          <NameFields form={form} />
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            aria-required
            {...form.getInputProps('username')}
          />
          <ContactNumberField form={form} />
          <TextNotificationStep form={form} centerId={centerId ?? CENTER_ID.MAIN} countryCode={countryCode} />
          <Select
            label="Country"
            aria-required
            searchable
            allowDeselect={false}
            nothingFoundMessage="No country found"
            data={selectData}
            {...form.getInputProps('country')}
            onChange={(value) => form.setFieldValue('country', value ?? '')}
          />
          <NewPasswordFields form={form} confirm="password_c" />
          <FormAlert message={register.isError ? messageOf(register.error) : null} />
          <Button type="submit" loading={register.isPending}>
            Register
          </Button>
          <Text size="sm">
            Already registered?{' '}
            <Anchor component={Link} to="/login" underline="always">
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
      <TermsDialog
        opened={user !== null && mustAcceptTerms(user) && destination !== null}
        onAccepted={() => navigate(destination ?? '/', { replace: true })}
      />
    </AuthLayout>
  );
}
