import {
  COMPARE_SEARCH_DEBOUNCE_MS,
  type CompareDonor,
  canOpen,
  donorDisplayId,
  MSG,
  PAGES,
} from '@dm/shared';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { COMPARE_MAX } from '../../components/donor/CompareSelection';
import { nameOf } from '../../components/donor/DonorSummaryTable';
import { ScrollRegion } from '../../components/donor/FieldTable';
import { ApiError } from '../../lib/api-error';
import { subjectOf, useSession } from '../../lib/session';
import { valueText } from './format';
import { useCompare, useCompareLookup } from './queries';

/**
 * Finds a donor by donor id (400 ms after the last keystroke) and adds it to the comparison,
 * up to three donors.
 */
function AddDonorSearch({ ids, onAdd }: { ids: number[]; onAdd: (id: number) => void }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), COMPARE_SEARCH_DEBOUNCE_MS);
  const lookup = useCompareLookup(debounced);
  const full = ids.length >= COMPARE_MAX;
  let found: ReactNode = null;
  if (debounced && lookup.isPending) found = <Loader size="sm" aria-label="Looking up the donor" />;
  else if (debounced && lookup.isError) found = <Text c="red.9">The donor could not be looked up.</Text>;
  else if (debounced && lookup.data?.rows.length === 0) found = <Text>No donor has this id.</Text>;
  else if (debounced && lookup.data)
    found = (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {lookup.data.rows.map((d) => {
          const label = donorDisplayId(d);
          const added = ids.includes(d.id);
          return (
            <Group key={d.id} component="li" gap="sm">
              <Text>
                {label}
                {d.firstName ? ` · ${d.firstName}` : ''}
                {d.age === null ? '' : ` · ${d.age}`}
              </Text>
              <Button
                size="xs"
                variant="default"
                disabled={added || full}
                onClick={() => onAdd(d.id)}
                aria-label={`${added ? 'In comparison' : 'Add to comparison'}: donor ${label}`}
              >
                {added ? 'In comparison' : 'Add to comparison'}
              </Button>
            </Group>
          );
        })}
      </Stack>
    );
  return (
    <Stack gap="xs" component="section" aria-label="Add a donor">
      <TextInput
        type="search"
        label="Find a donor by id"
        description={full ? MSG.COMPARE_LIMIT : undefined}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={320}
      />
      <div aria-live="polite">{found}</div>
    </Stack>
  );
}

const ROWS: { label: string; cell(d: CompareDonor): ReactNode }[] = [
  { label: 'Age', cell: (d) => valueText(d.age) },
  { label: 'Availability', cell: (d) => d.availability },
  { label: 'Donor type', cell: (d) => valueText(d.donorType) },
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
  const [search, setSearch] = useSearchParams();
  const { user } = useSession();
  const mayLookUp = user !== null && canOpen(subjectOf(user), 'search');
  const ids = (search.get('ids') ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const tooMany = ids.length > COMPARE_MAX;
  const compare = useCompare(tooMany ? [] : ids);
  const add = (id: number) => {
    if (ids.includes(id) || ids.length >= COMPARE_MAX) return;
    setSearch({ ids: [...ids, id].join(',') });
  };
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
                      {nameOf(d)} ({donorDisplayId(d)})
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
      {/* The lookup is the donor search: an agency admin (no search page) adds from /viewdonor. */}
      {mayLookUp ? <AddDonorSearch ids={ids} onAdd={add} /> : null}
      {body}
    </Stack>
  );
}
