import {
  INVITABLE_ROLES,
  type InviteUserBody,
  inviteUserBody,
  PAGES,
  ROLE,
  ROLE_LABEL,
  type RoleId,
} from '@dm/shared';
import { Alert, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useCenters } from '../email-templates/queries';
import { useCaseManagers } from './queries';

/** Where the inviter goes afterwards: the grid of the role just invited. */
const GRID_OF: Partial<Record<RoleId, string>> = {
  [ROLE.ADMIN]: PAGES.viewadmin.path,
  [ROLE.MANAGER]: PAGES.viewcm.path,
  [ROLE.CLIENT]: PAGES.viewip.path,
};

type Errors = Partial<
  Record<'username' | 'userType' | 'firstname' | 'lastname' | 'centerId' | 'form', string>
>;

/**
 * The invite form. The master invites agency admins (naming the agency), an admin any role but
 * master, a manager intended parents and donors (from /viewclient, having no /addclient page).
 */
export function InviteForm({ preset, onInvited }: { preset?: RoleId; onInvited: (role: RoleId) => void }) {
  const { user } = useSession();
  const allowed = user ? (INVITABLE_ROLES[user.role] ?? []) : [];
  const [chosenType, setUserType] = useState<string>('');
  // The session may load after the first render: the preset (or the only choice) applies then.
  const userType =
    chosenType ||
    (preset && allowed.includes(preset) ? String(preset) : allowed.length === 1 ? String(allowed[0]) : '');
  const [username, setUsername] = useState('');
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [centerId, setCenterId] = useState<string | null>(null);
  const [managerId, setManagerId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const isMaster = user?.role === ROLE.MASTER;
  const centers = useCenters(isMaster);
  const isClient = Number(userType) === ROLE.CLIENT;
  const managers = useCaseManagers(!isMaster && user?.role === ROLE.ADMIN);

  const submit = async () => {
    const next: Errors = {};
    if (!userType) next.userType = 'Please select User Type';
    if (isMaster && !centerId) next.centerId = 'Please select Agency';
    const body = {
      username,
      userType: Number(userType),
      firstname,
      lastname,
      ...(isMaster && centerId ? { centerId: Number(centerId) } : {}),
      ...(isClient && managerId ? { managerId: Number(managerId) } : {}),
    };
    const parsed = inviteUserBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        if (key !== 'userType' && !next[key]) next[key] = issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    setBusy(true);
    try {
      await api('inviteuser', {
        body: parsed.data satisfies InviteUserBody,
        silent: true,
        successToast: true,
      });
      onInvited(parsed.data.userType as RoleId);
    } catch (e) {
      setErrors({ form: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Select
          label="User type"
          required
          data={allowed.map((r) => ({ value: String(r), label: ROLE_LABEL[r] }))}
          value={userType || null}
          onChange={(v) => setUserType(v ?? '')}
          error={errors.userType}
        />
        {isMaster ? (
          <Select
            label="Agency"
            required
            searchable
            data={(centers.data ?? []).map((c) => ({ value: String(c.centerId), label: c.name }))}
            value={centerId}
            onChange={setCenterId}
            error={errors.centerId}
          />
        ) : null}
        <TextInput
          label="Email"
          type="email"
          required
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
        />
        <TextInput
          label="First name"
          required
          value={firstname}
          onChange={(e) => setFirstname(e.currentTarget.value)}
          error={errors.firstname}
        />
        <TextInput
          label="Last name"
          required
          value={lastname}
          onChange={(e) => setLastname(e.currentTarget.value)}
          error={errors.lastname}
        />
        {isClient && user?.role === ROLE.ADMIN ? (
          <Select
            label="Case manager"
            clearable
            data={(managers.data ?? []).map((m) => ({ value: String(m.userId), label: m.name }))}
            value={managerId}
            onChange={setManagerId}
          />
        ) : null}
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
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
