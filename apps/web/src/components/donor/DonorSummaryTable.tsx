import { type DonorSummary, donorDisplayId } from '@dm/shared';
import { Anchor, Avatar, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ScrollRegion } from './FieldTable';

const nameOf = (d: DonorSummary) => d.firstName ?? `Donor ${donorDisplayId(d)}`;

/** A list of donors with a link to each page and optional extra columns (date, message, actions). */
export function DonorSummaryTable<T extends DonorSummary>({
  caption,
  donors,
  extra = [],
}: {
  caption: string;
  donors: T[];
  extra?: { header: string; cell(d: T): ReactNode }[];
}) {
  if (donors.length === 0) return <Text c="dimmed">No donors.</Text>;
  return (
    <ScrollRegion label={caption}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Donor</Table.Th>
            <Table.Th scope="col">Age</Table.Th>
            <Table.Th scope="col">Availability</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Eyes / hair</Table.Th>
            {extra.map((e) => (
              <Table.Th key={e.header} scope="col">
                {e.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {donors.map((d) => (
            <Table.Tr key={`${d.donorId}-${'shareId' in d ? String(d.shareId) : ''}`}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/donordetails/${d.donorId}`}
                  style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}
                >
                  <Avatar src={d.picture} alt="" size="sm" />
                  {nameOf(d)} ({donorDisplayId(d)})
                </Anchor>
              </Table.Td>
              <Table.Td>{d.age ?? '—'}</Table.Td>
              <Table.Td>{d.availability}</Table.Td>
              <Table.Td>{d.donorType ?? '—'}</Table.Td>
              <Table.Td>
                {d.eyeColor ?? '—'} / {d.hairColor ?? '—'}
              </Table.Td>
              {extra.map((e) => (
                <Table.Td key={e.header}>{e.cell(d)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

export { nameOf };
