import type { DonorDetails, DonorFields } from '@dm/shared';
import { Paper, SimpleGrid, Table } from '@mantine/core';
import { formatNoteDate } from '../donors/format';

function Panel({ caption, rows }: { caption: string; rows: DonorFields[] }) {
  return (
    <Table captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Intended parent</Table.Th>
          <Table.Th scope="col">Agency</Table.Th>
          <Table.Th scope="col">Queue type</Table.Th>
          <Table.Th scope="col">Queue number</Table.Th>
          <Table.Th scope="col">Requested</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={5}>None</Table.Td>
          </Table.Tr>
        ) : null}
        {rows.map((r) => (
          <Table.Tr key={String(r.matchId)}>
            <Table.Td>{String(r.parentName ?? '')}</Table.Td>
            <Table.Td>{String(r.ipAgencyName ?? '')}</Table.Td>
            <Table.Td>{String(r.queueType ?? '')}</Table.Td>
            <Table.Td>{r.queuePosition === null ? '' : String(r.queuePosition)}</Table.Td>
            <Table.Td>{typeof r.requestedAt === 'string' ? formatNoteDate(r.requestedAt) : ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The active and queued match panels of the donor page (staff only, search spec section 6). */
export function MatchPanels({ panels }: { panels: NonNullable<DonorDetails['matchPanels']> }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Active and queued matches">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel caption="Active matches" rows={panels.active} />
        <Panel caption="Queued matches" rows={panels.queued} />
      </SimpleGrid>
    </Paper>
  );
}
