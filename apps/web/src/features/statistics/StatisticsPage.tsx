import { PAGES, ROLE } from '@dm/shared';
import { Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { useCenters } from '../agencies/queries';
import {
  BeforeCurrentYear,
  CaseManagerList,
  DonorAvailability,
  DonorTypesByAgency,
  PortfoliosByAgency,
  PortfoliosByMonth,
  ReportPicker,
  UsersByAgency,
  UsersByMonth,
} from './StatsSections';

/** The agency admin's dashboard: charts of the own center, case managers, the report picker. */
function AdminDashboard({ consumerCenter }: { consumerCenter: boolean }) {
  return (
    <Stack>
      <ReportPicker consumerCenter={consumerCenter} />
      <DonorAvailability centerId={null} clickable />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <UsersByMonth centerId={null} clickable />
        <PortfoliosByMonth centerId={null} clickable />
      </SimpleGrid>
      <CaseManagerList centerId={null} showCenter={false} />
    </Stack>
  );
}

/** The master admin's statistics across centers, or of one chosen center. Charts are not clickable. */
function MasterStatistics() {
  const centers = useCenters(true);
  const [center, setCenter] = useState<string>('all');
  const centerId = center === 'all' ? null : Number(center);
  return (
    <Stack>
      <Select
        label="Agency"
        data={[
          { value: 'all', label: 'All agencies' },
          ...(centers.data ?? []).map((c) => ({ value: String(c.centerId), label: c.name })),
        ]}
        value={center}
        onChange={(v) => setCenter(v ?? 'all')}
        allowDeselect={false}
        searchable
        w="100%"
        maw={320}
      />
      <UsersByAgency centerId={centerId} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <PortfoliosByAgency centerId={centerId} />
        <DonorTypesByAgency centerId={centerId} />
      </SimpleGrid>
      <DonorAvailability centerId={centerId} clickable={false} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <UsersByMonth centerId={centerId} clickable={false} />
        <PortfoliosByMonth centerId={centerId} clickable={false} />
        <BeforeCurrentYear centerId={centerId} />
      </SimpleGrid>
      <CaseManagerList centerId={centerId} showCenter />
    </Stack>
  );
}

/** /statistics: the admin dashboard for an agency admin, statistics across centers for the master. */
export default function StatisticsPage() {
  const { user } = useSession();
  if (!user) return null;
  const master = user.role === ROLE.MASTER;
  return (
    <Stack>
      <Title order={1} fz="h2">
        {master ? PAGES.statistics.title : 'Dashboard'}
      </Title>
      {master ? <MasterStatistics /> : <AdminDashboard consumerCenter={user.center.consumerSite} />}
    </Stack>
  );
}
