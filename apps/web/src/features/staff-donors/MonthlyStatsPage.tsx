import { MONTHLY_STATS_LABEL, MONTHLY_STATS_PERIODS, PAGES } from '@dm/shared';
import { Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type Column, ListTable } from '../../components/ListTable';
import { useCenters } from '../agencies/queries';
import { useMonthlyStats } from './queries';

/** New donors per agency and month, for 3, 6, 12, 24, 60 months or from the start (master admin). */
export default function MonthlyStatsPage() {
  const centers = useCenters(true);
  const [center, setCenter] = useState<string | null>(null);
  const [period, setPeriod] = useState('12');
  const stats = useMonthlyStats({ center: center ? Number(center) : null, timePeriod: Number(period) });
  const rows = stats.data ?? [];
  const months = [...new Set(rows.map((r) => r.month))].sort();
  const agencies = [...new Map(rows.map((r) => [r.centerId, r.agency])).entries()];
  const countOf = (centerId: number, month: string) =>
    rows.find((r) => r.centerId === centerId && r.month === month)?.count ?? 0;
  const columns: Column<[number, string]>[] = [
    { key: 'agency', label: 'Agency', rowHeader: true, render: ([, name]) => name },
    ...months.map((m) => ({ key: m, label: m, render: ([id]: [number, string]) => countOf(id, m) })),
    { key: 'total', label: 'Total', render: ([id]) => months.reduce((s, m) => s + countOf(id, m), 0) },
  ];
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.donormonthlystats.title}
      </Title>
      <Group align="end">
        <Select
          label="Period"
          data={MONTHLY_STATS_PERIODS.map((p) => ({ value: String(p), label: MONTHLY_STATS_LABEL[p]! }))}
          value={period}
          onChange={(v) => setPeriod(v ?? '12')}
          allowDeselect={false}
        />
        <Select
          label="Agency"
          placeholder="All agencies"
          data={(centers.data ?? []).map((c) => ({ value: String(c.centerId), label: c.name }))}
          value={center}
          onChange={setCenter}
          clearable
          searchable
        />
      </Group>
      {stats.isPending ? <Text>Loading…</Text> : null}
      {!stats.isPending && rows.length === 0 ? <Text>No data found.</Text> : null}
      {rows.length > 0 ? (
        <ListTable
          minWidth={600}
          caption="New donors per agency and month"
          columns={columns}
          rows={agencies}
          rowKey={([id]) => id}
          tableProps={{ striped: true, highlightOnHover: false }}
        />
      ) : null}
    </Stack>
  );
}
