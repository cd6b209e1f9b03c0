import {
  COMMUNICATION_TYPES,
  emailOffNeedsConfirmation,
  isoDate,
  notificationPrefsRefusal,
  PROFILE_MSG,
  type ProfileBody,
  type ProfileView,
  prefsOf,
  profileBody,
  ROLE,
  withoutCc,
} from '@dm/shared';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { allOf, checksSchema, FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { ContactNumberDialog, EmailChangeDialog } from './MyAccountDialogs';
import { useProfile, useUpdateProfile } from './queries';

type Values = Required<{ [K in keyof ProfileBody]: Exclude<ProfileBody[K], undefined> }>;

/** The form's values from the stored profile. */
export function valuesOf(p: ProfileView): Values {
  return {
    first_name: p.first_name,
    middle_name: p.middle_name,
    last_name: p.last_name,
    country: p.country,
    state: p.state,
    city: p.city,
    address: p.address,
    address2: p.address2,
    zipcode: p.zipcode,
    communication_type: p.communication_type,
    is_email_notification: p.is_email_notification,
    is_text_notification: p.is_text_notification,
    is_message: p.is_message,
    cc_email: p.cc_email,
    cc_expiry_date: p.cc_expiry_date,
    searching_for: p.searching_for,
    voicemail: p.voicemail,
    working_with_clinic: p.working_with_clinic,
    clinic_detail: p.clinic_detail,
    working_with_agency: p.working_with_agency,
    sperm_source: p.sperm_source,
    referral_detail: p.referral_detail,
    referral_other: p.referral_other,
    receive_education_email: p.receive_education_email,
  };
}

/**
 * The profile's My account tab: every profile field, the mandatory ones marked; the
 * communication preferences judged by the shared rule (notificationPrefsRefusal) before the
 * server judges them again; the contact number and the e-mail change through their dialogs.
 * The shell (/editprofile) renders it without props: it reads the signed-in user's profile.
 */
export function MyAccountTab() {
  const profile = useProfile();
  if (profile.isPending) return <Loader aria-label="Loading profile" />;
  if (profile.isError || !profile.data)
    return <FormAlert message={profile.error?.message ?? 'The profile could not be loaded.'} />;
  return <MyAccountForm profile={profile.data} />;
}

function MyAccountForm({ profile }: { profile: ProfileView }) {
  const initial = useMemo(() => valuesOf(profile), [profile]);
  const schema = useMemo(
    () =>
      allOf(
        checksSchema<Values>((v) => {
          const refusal = notificationPrefsRefusal(prefsOf(v), {
            textsAvailable: profile.texts_available,
            numberVerified: profile.mobile_verified_user,
            ownEmail: profile.email,
            today: isoDate(new Date(), false),
          });
          return refusal ? { is_email_notification: refusal } : {};
        }),
        profileBody,
      ),
    [profile],
  );
  const { form, formRef, focusFirstError } = useZodForm<Values>(schema, initial);
  const update = useUpdateProfile();
  // The server's refusal is kept and shown above the buttons (spec: the profile update error is stored).
  const save = useFormSubmit(form, (values) => update.mutateAsync(values), {
    onDone: (saved) => form.resetDirty(valuesOf(saved)),
  });
  const [confirmEmailOff, setConfirmEmailOff] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const v = form.values;

  const setEmail = (on: boolean) => {
    const next = { ...prefsOf(v), email: on };
    if (emailOffNeedsConfirmation(prefsOf(v), next)) {
      setConfirmEmailOff(true);
      return;
    }
    form.setFieldValue('is_email_notification', on);
  };
  const confirmOff = () => {
    const cleared = withoutCc({ ...prefsOf(v), email: false });
    form.setValues({
      is_email_notification: false,
      cc_email: cleared.ccEmail,
      cc_expiry_date: cleared.ccExpiry,
    });
    setConfirmEmailOff(false);
  };
  const prefsError = form.errors.is_email_notification;

  return (
    <Stack>
      <Title order={2}>My account</Title>
      <form ref={formRef} noValidate onSubmit={form.onSubmit(save.submit, focusFirstError)}>
        <Stack>
          <Text size="sm" c="dimmed">
            Fields marked with * are mandatory.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="First name" required {...form.getInputProps('first_name')} />
            <TextInput label="Middle name" {...form.getInputProps('middle_name')} />
            <TextInput label="Last name" required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <Group align="flex-end">
            <TextInput label="E-mail" value={profile.email} readOnly style={{ flex: 1 }} />
            <Button variant="light" onClick={() => setEmailOpen(true)}>
              Change e-mail
            </Button>
          </Group>
          <Group align="flex-end">
            <TextInput
              label="Contact number"
              value={profile.contact_no ? `${profile.country_code} ${profile.contact_no}` : ''}
              readOnly
              style={{ flex: 1 }}
            />
            <Badge color={profile.mobile_verified_user ? 'green' : 'gray'} variant="light" mb={6}>
              {profile.mobile_verified_user ? 'Verified' : 'Not verified'}
            </Badge>
            <Button variant="light" onClick={() => setContactOpen(true)}>
              Change contact number
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Address" required {...form.getInputProps('address')} />
            <TextInput label="Address line 2" {...form.getInputProps('address2')} />
            <TextInput label="Country" required {...form.getInputProps('country')} />
            <TextInput label="State" required {...form.getInputProps('state')} />
            <TextInput label="City" required {...form.getInputProps('city')} />
            <TextInput label="Zip code" required {...form.getInputProps('zipcode')} />
          </SimpleGrid>

          <Title order={3}>Communication preferences</Title>
          <Select
            label="Preferred communication"
            required
            data={[...COMMUNICATION_TYPES]}
            allowDeselect={false}
            {...form.getInputProps('communication_type')}
          />
          <Checkbox
            label="E-mail notifications"
            checked={v.is_email_notification}
            onChange={(e) => setEmail(e.currentTarget.checked)}
          />
          <Checkbox
            label="Text message notifications"
            description={
              profile.texts_available
                ? profile.mobile_verified_user
                  ? undefined
                  : 'Verify your contact number to receive text messages.'
                : 'Your agency does not send text messages.'
            }
            disabled={!profile.texts_available}
            {...form.getInputProps('is_text_notification', { type: 'checkbox' })}
          />
          <Checkbox label="In-app messages" {...form.getInputProps('is_message', { type: 'checkbox' })} />
          {prefsError ? (
            <Text c="red.9" size="sm" role="alert">
              {prefsError}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="CC e-mail"
              description="Receives a copy of your notification e-mails until the expiry date."
              disabled={!v.is_email_notification}
              {...form.getInputProps('cc_email')}
            />
            <TextInput
              type="date"
              label="CC e-mail expiry date"
              required={v.cc_email.trim() !== ''}
              disabled={!v.is_email_notification}
              {...form.getInputProps('cc_expiry_date')}
            />
          </SimpleGrid>
          <Checkbox
            label="Receive education e-mails"
            {...form.getInputProps('receive_education_email', { type: 'checkbox' })}
          />
          <Checkbox
            label="You may leave me voicemail"
            {...form.getInputProps('voicemail', { type: 'checkbox' })}
          />

          {/* The search questions are an intended parent's. */}
          {profile.role === ROLE.CLIENT ? (
            <>
              <Title order={3}>About your search</Title>
              <TextInput label="Searching for" {...form.getInputProps('searching_for')} />
              <Checkbox
                label="Working with a clinic"
                {...form.getInputProps('working_with_clinic', { type: 'checkbox' })}
              />
              {v.working_with_clinic ? (
                <TextInput label="Clinic details" {...form.getInputProps('clinic_detail')} />
              ) : null}
              <Checkbox
                label="Working with an agency"
                {...form.getInputProps('working_with_agency', { type: 'checkbox' })}
              />
              <TextInput label="Sperm source" {...form.getInputProps('sperm_source')} />
            </>
          ) : null}
          <TextInput label="How did you hear about us?" {...form.getInputProps('referral_detail')} />
          {v.referral_detail.trim().toLowerCase() === 'other' ? (
            <TextInput label="Please specify" {...form.getInputProps('referral_other')} />
          ) : null}
          {profile.secondary_parent_email ? (
            <TextInput label="Second intended parent" value={profile.secondary_parent_email} readOnly />
          ) : null}

          <FormAlert message={save.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>

      <Modal
        opened={confirmEmailOff}
        onClose={() => setConfirmEmailOff(false)}
        title="Turn off e-mail notifications"
      >
        <Stack>
          <Text>{PROFILE_MSG.CC_REMOVE_CONFIRM}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmEmailOff(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmOff}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ContactNumberDialog profile={profile} opened={contactOpen} onClose={() => setContactOpen(false)} />
      <EmailChangeDialog profile={profile} opened={emailOpen} onClose={() => setEmailOpen(false)} />
    </Stack>
  );
}
