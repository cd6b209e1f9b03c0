import { INVITABLE_ROLES, inviteUserBody, PAGES, ROLE, ROLE_LABEL, type RoleId } from '@dm/shared';
import { Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { allOf, bodySchema, FormAlert, useFormSubmit, useZodForm } from '../../lib/form';
import { useSession } from '../../lib/session';
import { useCenters } from '../agencies/queries';
import { useCaseManagers, useInviteUser } from './queries';

type InviteValues = {
  userType: string;
  centerId: string | null;
  username: string;
  firstname: string;
  lastname: string;
  managerId: string | null;
};

/** Where the inviter goes afterwards: the grid of the role just invited. */
const GRID_OF: Partial<Record<RoleId, string>> = {
  [ROLE.ADMIN]: PAGES.viewadmin.path,
  [ROLE.MANAGER]: PAGES.viewcm.path,
  [ROLE.CLIENT]: PAGES.viewip.path,
};

/** What the route's schema cannot say: a role to choose, and the master's agency. */
const choices = (isMaster: boolean) =>
  z.object({
    userType: z.string().min(1, 'Please select User Type'),
    centerId: isMaster ? z.string('Please select Agency').min(1, 'Please select Agency') : z.unknown(),
  });

/**
 * The invite form. The master invites agency admins (naming the agency), an admin any role but
 * master, a manager intended parents and donors (from /viewclient, having no /addclient page).
 */
export function InviteForm({ preset, onInvited }: { preset?: RoleId; onInvited: (role: RoleId) => void }) {
  const { user } = useSession();
  const allowed = user ? (INVITABLE_ROLES[user.role] ?? []) : [];
  const isMaster = user?.role === ROLE.MASTER;
  const toBody = (v: InviteValues) => ({
    username: v.username,
    userType: Number(v.userType),
    firstname: v.firstname,
    lastname: v.lastname,
    ...(isMaster && v.centerId ? { centerId: Number(v.centerId) } : {}),
    ...(Number(v.userType) === ROLE.CLIENT && v.managerId ? { managerId: Number(v.managerId) } : {}),
  });
  // The session may load after the first render: the preset (or the only choice) applies then.
  const withType = (v: InviteValues): InviteValues => ({
    ...v,
    userType:
      v.userType ||
      (preset && allowed.includes(preset) ? String(preset) : allowed.length === 1 ? String(allowed[0]) : ''),
  });
  const { form } = useZodForm<InviteValues>(
    allOf(
      bodySchema(choices(isMaster), withType),
      bodySchema(inviteUserBody, (v: InviteValues) => toBody(withType(v))),
    ),
    { userType: '', centerId: null, username: '', firstname: '', lastname: '', managerId: null },
  );
  const values = withType(form.values);
  const invite = useInviteUser();
  const submit = useFormSubmit(form, async (v) => {
    const body = inviteUserBody.parse(toBody(withType(v)));
    await invite.mutateAsync(body);
    onInvited(body.userType as RoleId);
  });
  const centers = useCenters(isMaster);
  const isClient = Number(values.userType) === ROLE.CLIENT;
  const managers = useCaseManagers(!isMaster && user?.role === ROLE.ADMIN);

  return (
    <form noValidate onSubmit={form.onSubmit(submit.submit)}>
      <Stack>
        <Select
          label="User type"
          required
          data={allowed.map((r) => ({ value: String(r), label: ROLE_LABEL[r] }))}
          {...form.getInputProps('userType')}
          value={values.userType || null}
          onChange={(v) => form.setFieldValue('userType', v ?? '')}
        />
        {isMaster ? (
          <Select
            label="Agency"
            required
            searchable
            data={(centers.data ?? []).map((c) => ({ value: String(c.centerId), label: c.name }))}
            {...form.getInputProps('centerId')}
          />
        ) : null}
        <TextInput label="Email" type="email" required {...form.getInputProps('username')} />
        <TextInput label="First name" required {...form.getInputProps('firstname')} />
        <TextInput label="Last name" required {...form.getInputProps('lastname')} />
        {isClient && user?.role === ROLE.ADMIN ? (
          <Select
            label="Case manager"
            clearable
            data={(managers.data ?? []).map((m) => ({ value: String(m.userId), label: m.name }))}
            {...form.getInputProps('managerId')}
          />
        ) : null}
        <FormAlert message={submit.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={submit.busy}>
            Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /addclient/{addusertype?}: invite a user, then see the grid of the role invited. */
export default function AddClientPage() {
  const navigate = useNavigate();
  const params = useParams();
  return (
    <Stack maw={560}>
      <Title order={1} fz="h2">
        {PAGES.addclient.title}
      </Title>
      <Paper withBorder p="md">
        <InviteForm
          preset={Number(params.addusertype) as RoleId}
          onInvited={(role) => navigate(GRID_OF[role] ?? PAGES.viewclient.path.split('/:')[0]!)}
        />
      </Paper>
    </Stack>
  );
}
