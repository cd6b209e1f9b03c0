import { type ProfileView, ROLE_LABEL, type RoleId } from '@dm/shared';
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { type KeyValueRow, KeyValueTable } from '../../components/KeyValueTable';
import { messageOf } from '../../lib/form';
import { useProfile } from './queries';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** The rows of a profile, read-only, in the order of the My account tab. */
export function profileRows(p: ProfileView): KeyValueRow[] {
  const rows: [string, string][] = [
    ['Name', [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ')],
    ['E-mail', p.email],
    ['User type', ROLE_LABEL[p.role as RoleId] ?? String(p.role)],
    ['Status', p.status],
    [
      'Contact number',
      p.contact_no ? `${p.country_code} ${p.contact_no}${p.mobile_verified_user ? ' (verified)' : ''}` : '',
    ],
    ['Address', [p.address, p.address2].filter(Boolean).join(', ')],
    ['City', p.city],
    ['State', p.state],
    ['Country', p.country],
    ['Zip code', p.zipcode],
    ['Preferred communication', p.communication_type],
    ['E-mail notifications', yesNo(p.is_email_notification)],
    ['Text message notifications', yesNo(p.is_text_notification)],
    ['In-app messages', yesNo(p.is_message)],
    ['CC e-mail', p.cc_email ? `${p.cc_email} (until ${p.cc_expiry_date})` : ''],
    ['Searching for', p.searching_for],
    ['Voicemail', yesNo(p.voicemail)],
    [
      'Working with a clinic',
      p.working_with_clinic ? `Yes${p.clinic_detail ? `: ${p.clinic_detail}` : ''}` : 'No',
    ],
    ['Working with an agency', yesNo(p.working_with_agency)],
    ['Sperm source', p.sperm_source],
    ['Referral', [p.referral_detail, p.referral_other].filter(Boolean).join(': ')],
    ['Education e-mails', yesNo(p.receive_education_email)],
    ['Second intended parent', p.secondary_parent_email ?? ''],
  ];
  return rows.map(([label, value]) => ({ key: label, label, value: value || '—' }));
}

/**
 * /viewprofile/{id?}: a user's profile, read-only, for the staff of the user's center
 * (the server audits the read and answers 404 for another center); without an id, one's own.
 */
export default function ViewProfilePage() {
  const { id } = useParams();
  const userId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const profile = useProfile(userId);
  return (
    <Stack>
      <Title order={1}>Profile</Title>
      {profile.isPending ? (
        <Loader aria-label="Loading profile" />
      ) : profile.isError ? (
        <Alert color="red" role="alert">
          {messageOf(profile.error)}
        </Alert>
      ) : (
        <KeyValueTable rows={profileRows(profile.data)} labelWidth="16rem" caption="Profile details" />
      )}
    </Stack>
  );
}
