import {
  type AgencyCountTable,
  type CaseManagerRow,
  type CaseManagerSort,
  type CountList,
  type MonthlyCounts,
  pagePath,
  ROLE,
  reportOptions,
  STAT_USER_TYPE_LABEL,
  STAT_USER_TYPES,
  type StatUserType,
  userGridPath,
} from '@dm/shared';
import { BarChart, LineChart } from '@mantine/charts';
import { Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { formatMonth } from '../../lib/dates';
import { ChartCard } from './ChartCard';
import { useStatistic } from './queries';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'red.6', 'cyan.6', 'lime.7'];

function MonthlyChart(props: {
  title: string;
  data: MonthlyCounts | undefined;
  loading: boolean;
  hrefFor?: (key: string) => string;
}) {
  const navigate = useNavigate();
  const months = props.data?.months ?? [];
  const series = props.data?.series ?? [];
  const rows = months.map((m, i) => ({
    month: formatMonth(m),
    ...Object.fromEntries(series.map((s) => [s.label, s.cumulative[i] ?? 0])),
  }));
  const hrefFor = props.hrefFor;
  return (
    <ChartCard
      title={props.title}
      description="Running totals at the end of each of the last 12 months."
      loading={props.loading}
      chart={
        <LineChart
          h={280}
          data={rows}
          dataKey="month"
          withLegend
          curveType="linear"
          series={series.map((s, i) => ({ name: s.label, color: COLORS[i % COLORS.length]! }))}
          lineProps={
            hrefFor
              ? (s) => {
                  const key = series.find((x) => x.label === s.name)?.key ?? '';
                  return { onClick: () => navigate(hrefFor(key)), style: { cursor: 'pointer' } };
                }
              : undefined
          }
        />
      }
      rowHeader="Series"
      columns={months.map(formatMonth)}
      rows={series.map((s) => ({
        label: s.label,
        values: s.cumulative,
        href: hrefFor ? hrefFor(s.key) : undefined,
      }))}
    />
  );
}

/** Users per type per month; an admin's click opens that type's grid. */
export function UsersByMonth({ centerId, clickable }: { centerId: number | null; clickable: boolean }) {
  const q = useStatistic('userCountByMonth', centerId);
  return (
    <MonthlyChart
      title="Users per month"
      data={q.data}
      loading={q.isPending}
      hrefFor={clickable ? (key) => userGridPath(Number(key) as StatUserType) : undefined}
    />
  );
}

/** Portfolios per state per month; an admin's click opens the intended-parent grid. */
export function PortfoliosByMonth({ centerId, clickable }: { centerId: number | null; clickable: boolean }) {
  const q = useStatistic('portfolioCountByMonth', centerId);
  return (
    <MonthlyChart
      title="Portfolios per month"
      data={q.data}
      loading={q.isPending}
      hrefFor={clickable ? () => pagePath('viewip') : undefined}
    />
  );
}

/** Donors per availability; an admin's click opens the donor grid. */
export function DonorAvailability({ centerId, clickable }: { centerId: number | null; clickable: boolean }) {
  const navigate = useNavigate();
  const q = useStatistic('donorAvailabilityCount', centerId);
  const items = (q.data?.items ?? []).filter((i) => i.count > 0);
  const href = clickable ? pagePath('viewdonor') : undefined;
  return (
    <ChartCard
      title="Donor availability"
      description={q.data ? `${q.data.total} donors` : undefined}
      loading={q.isPending}
      chart={
        <BarChart
          h={Math.max(160, items.length * 36)}
          data={items.map((i) => ({ availability: i.label, Donors: i.count }))}
          dataKey="availability"
          orientation="vertical"
          yAxisProps={{ width: 200 }}
          series={[{ name: 'Donors', color: 'blue.6' }]}
          barProps={href ? { onClick: () => navigate(href), style: { cursor: 'pointer' } } : undefined}
        />
      }
      rowHeader="Availability"
      columns={['Donors']}
      rows={items.map((i) => ({ label: i.label, values: [i.count], href }))}
    />
  );
}

const MANAGER_COLUMNS: Column<CaseManagerRow>[] = [
  { key: 'name', label: 'Name', sortable: true, render: (r) => r.name || '—' },
  { key: 'email', label: 'Email', sortable: true, render: (r) => r.email },
  { key: 'status', label: 'Status', sortable: true, render: (r) => r.status },
  { key: 'clients', label: 'Clients', sortable: true, render: (r) => r.clients },
  { key: 'activePortfolios', label: 'Active portfolios', sortable: true, render: (r) => r.activePortfolios },
];

/** The case managers of the center with their clients and active portfolios, sorted by the server. */
export function CaseManagerList({ centerId, showCenter }: { centerId: number | null; showCenter: boolean }) {
  const list = useListQuery('name', 100);
  const { sort, ord, search } = list.query;
  // The sortable columns' keys are the server's sorts.
  const q = useStatistic('caseManagers', centerId, { sort: sort as CaseManagerSort, ord, search });
  const rows = q.data ?? [];
  const columns = showCenter
    ? [...MANAGER_COLUMNS, { key: 'center', label: 'Agency', render: (r: CaseManagerRow) => r.centerName }]
    : MANAGER_COLUMNS;
  return (
    <Paper withBorder p="md" component="section" aria-label="Case managers">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Case managers
        </Title>
        <ListTable
          minWidth={700}
          caption="Case managers"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.userId}
          total={rows.length}
          list={list}
          searchLabel="Search case managers"
          loading={q.isPending}
        />
      </Stack>
    </Paper>
  );
}

/** The report picker: the user grids and, for the consumer center, its three reports. */
export function ReportPicker({ consumerCenter }: { consumerCenter: boolean }) {
  const navigate = useNavigate();
  const options = reportOptions(consumerCenter);
  const [path, setPath] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-label="Reports">
      <Group align="end">
        <Select
          label="Report"
          placeholder="Select a report"
          data={options.map((o) => ({ value: o.path, label: o.label }))}
          value={path}
          onChange={setPath}
          w="100%"
          maw={300}
        />
        <Button disabled={path === null} onClick={() => path && navigate(path)}>
          Open report
        </Button>
      </Group>
    </Paper>
  );
}

function AgencyTableChart(props: { title: string; data: AgencyCountTable | undefined; loading: boolean }) {
  const columns = props.data?.columns ?? [];
  const rows = props.data?.rows ?? [];
  return (
    <ChartCard
      title={props.title}
      loading={props.loading}
      chart={
        <BarChart
          h={Math.max(180, rows.length * 40)}
          data={rows.map((r) => ({
            agency: r.name,
            ...Object.fromEntries(columns.map((c, i) => [c, r.counts[i]])),
          }))}
          dataKey="agency"
          type="stacked"
          orientation="vertical"
          yAxisProps={{ width: 180 }}
          withLegend
          series={columns.map((c, i) => ({ name: c, color: COLORS[i % COLORS.length]! }))}
        />
      }
      rowHeader="Agency"
      columns={[...columns, 'Total']}
      rows={rows.map((r) => ({ label: r.name, values: [...r.counts, r.total] }))}
    />
  );
}

/** countuserbyagency with a user type picker. */
export function UsersByAgency({ centerId }: { centerId: number | null }) {
  const [userType, setUserType] = useState<StatUserType>(ROLE.CLIENT);
  const q = useStatistic('countUserByAgency', centerId, { user_type: userType });
  return (
    <Stack gap="xs">
      <Select
        label="User type"
        data={STAT_USER_TYPES.map((t) => ({ value: String(t), label: STAT_USER_TYPE_LABEL[t] }))}
        value={String(userType)}
        onChange={(v) => v && setUserType(Number(v) as StatUserType)}
        allowDeselect={false}
        w="100%"
        maw={240}
      />
      <AgencyTableChart
        title={`${STAT_USER_TYPE_LABEL[userType]} users per agency`}
        data={q.data}
        loading={q.isPending}
      />
    </Stack>
  );
}

export function PortfoliosByAgency({ centerId }: { centerId: number | null }) {
  const q = useStatistic('portfoliosCount', centerId);
  return <AgencyTableChart title="Portfolios per agency" data={q.data} loading={q.isPending} />;
}

export function DonorTypesByAgency({ centerId }: { centerId: number | null }) {
  const q = useStatistic('donorTypesCount', centerId);
  return <AgencyTableChart title="Donor types per agency" data={q.data} loading={q.isPending} />;
}

function CountListChart(props: {
  title: string;
  rowHeader: string;
  data: CountList | undefined;
  loading: boolean;
}) {
  const items = props.data?.items ?? [];
  return (
    <ChartCard
      title={props.title}
      description={props.data ? `Total ${props.data.total}` : undefined}
      loading={props.loading}
      chart={
        <BarChart
          h={200}
          data={items.map((i) => ({ key: i.label, Count: i.count }))}
          dataKey="key"
          series={[{ name: 'Count', color: 'teal.6' }]}
        />
      }
      rowHeader={props.rowHeader}
      columns={['Count']}
      rows={items.map((i) => ({ label: i.label, values: [i.count] }))}
    />
  );
}

export function BeforeCurrentYear({ centerId }: { centerId: number | null }) {
  const users = useStatistic('userCountBeforeCurrentYear', centerId);
  const portfolios = useStatistic('portfolioCountBeforeCurrentYear', centerId);
  const year = users.data?.year ?? portfolios.data?.year;
  const before = year ? ` before ${year}` : ' before this year';
  return (
    <>
      <CountListChart
        title={`Users created${before}`}
        rowHeader="User type"
        data={users.data}
        loading={users.isPending}
      />
      <CountListChart
        title={`Portfolios created${before}`}
        rowHeader="Status"
        data={portfolios.data}
        loading={portfolios.isPending}
      />
    </>
  );
}
