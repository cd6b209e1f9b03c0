import { type CompareDonor, MSG, PAGES } from '@dm/shared';
import { Alert, Anchor, Center, Image, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { nameOf } from './DonorSummaryTable';
import { ScrollRegion } from './FieldTable';
import { valueText } from './format';
import { useCompare } from './queries';

const ROWS: { label: string; cell(d: CompareDonor): ReactNode }[] = [
  { label: 'Age', cell: (d) => valueText(d.age) },
  { label: 'Availability', cell: (d) => d.availability },
  { label: 'Donor type', cell: (d) => d.donorType },
  { label: 'Height (cm)', cell: (d) => valueText(d.heightCm) },
  { label: 'Eye color', cell: (d) => valueText(d.eyeColor) },
  { label: 'Hair color', cell: (d) => valueText(d.hairColor) },
  { label: 'Blood group', cell: (d) => valueText(d.bloodGroup) },
  { label: 'Race', cell: (d) => valueText(d.races) },
  { label: 'Ethnicity', cell: (d) => valueText(d.ethnicities) },
  { label: 'Religion', cell: (d) => valueText(d.religion) },
  { label: 'Education', cell: (d) => valueText(d.educationLevel) },
  { label: 'AMH', cell: (d) => valueText(d.amhValue) },
  { label: 'Previous donor', cell: (d) => valueText(d.previousDonor) },
  { label: 'Proven fertility', cell: (d) => valueText(d.provenFertility) },
  { label: 'Donations', cell: (d) => valueText(d.donationCount) },
  {
    label: 'Compensation',
    cell: (d) => (d.compensation === null ? '—' : `$${d.compensation.toLocaleString('en-US')}`),
  },
];

/** /comparedonors?ids=1,2,3: up to three donors side by side. */
export default function CompareDonorsPage() {
  const [search] = useSearchParams();
  const ids = (search.get('ids') ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const tooMany = ids.length > 3;
  const compare = useCompare(tooMany ? [] : ids);
  let body: ReactNode;
  if (ids.length === 0) body = <Text>{MSG.COMPARE_MINIMUM}</Text>;
  else if (tooMany) body = <Alert color="yellow">{MSG.COMPARE_LIMIT}</Alert>;
  else if (compare.isPending)
    body = (
      <Center h="30vh">
        <Loader aria-label="Loading donors" />
      </Center>
    );
  else if (compare.isError)
    body = (
      <Alert color="red">
        {compare.error instanceof ApiError ? compare.error.message : 'The donors could not be loaded.'}
      </Alert>
    );
  else {
    const donors = compare.data;
    body = (
      <ScrollRegion label="Donors side by side">
        <Table withTableBorder withColumnBorders captionSide="top" layout="fixed">
          <Table.Caption>Donors side by side</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Td />
              {donors.map((d) => (
                <Table.Th key={d.donorId} scope="col">
                  <Stack gap={4} align="center">
                    {d.picture ? (
                      <Image src={d.picture} alt="" w={96} h={96} radius="md" fit="cover" />
                    ) : null}
                    <Anchor component={Link} to={`/donordetails/${d.donorId}`}>
                      {nameOf(d)} ({d.displayId ?? d.donorId})
                    </Anchor>
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROWS.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                {donors.map((d) => (
                  <Table.Td key={d.donorId}>{row.cell(d)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    );
  }
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.comparedonors.title}
      </Title>
      {body}
    </Stack>
  );
}
