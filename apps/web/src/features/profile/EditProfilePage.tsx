import { PROFILE_TAB_LABEL, type ProfileTab, pagePath, profileTabOf, profileTabsFor } from '@dm/shared';
import { Anchor, Group, Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { guardedLeave } from '../../lib/leave-guard';
import { policySubjectOf, useSession } from '../../lib/session';
import { SubscriptionTab } from '../payments/SubscriptionTab';
import { ChangePasswordTab } from './ChangePasswordTab';
import { MyAccountTab } from './MyAccountTab';
import { SecondParentTab } from './SecondParentTab';
import { StaffListTab } from './StaffListTab';

/**
 * What each tab shows. The subscription tab (subscriptiondetails: primary clients of centers with
 * payments) is the payments feature's.
 */
const PANELS: Record<ProfileTab, () => ReactNode> = {
  myaccount: () => <MyAccountTab />,
  subscriptiondetails: () => <SubscriptionTab />,
  changepassword: () => <ChangePasswordTab />,
  invitesecondintentedparent: () => <SecondParentTab />,
  staff: () => <StaffListTab />,
};

/**
 * /editprofile/{tab?}: the signed-in user's profile and account settings. The tab is the
 * address (so it can be linked and reloaded); no tab, 'profile' (the spec's default) or a tab
 * the user is not offered shows My account. Switching tabs asks first when the open tab holds
 * unsaved changes.
 */
export default function EditProfilePage() {
  const { user } = useSession();
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!user) return null;
  const offered = profileTabsFor(policySubjectOf(user), user.center);
  const current = profileTabOf(tab, offered);
  // A tab this user does not have (a secondary parent's invite tab, say) goes to the default.
  if (tab && tab !== 'profile' && tab !== current) return <Navigate to={pagePath('editprofile')} replace />;
  const open = (next: string | null) => {
    if (!next || next === current) return;
    guardedLeave(() => navigate(pagePath('editprofile', { tab: next })));
  };
  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1}>Profile</Title>
        <Anchor component={Link} to={pagePath('profileimg')}>
          Change profile picture
        </Anchor>
      </Group>
      <Tabs value={current} onChange={open} keepMounted={false}>
        <Tabs.List>
          {offered.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {PROFILE_TAB_LABEL[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {offered.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            {PANELS[t]()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
