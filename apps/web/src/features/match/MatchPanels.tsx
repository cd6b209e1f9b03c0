import type { DonorDetails, DonorFields, MatchContact } from '@dm/shared';
import { Anchor, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatNoteDate } from '../../lib/dates';
import { useMatchContacts } from './queries';

function Contact({ contact }: { contact: MatchContact | undefined }) {
  if (!contact) return null;
  const phone = contact.contactNo ? `${contact.countryCode} ${contact.contactNo}`.trim() : '';
  return (
    <Stack gap={0}>
      {contact.email ? (
        <Anchor href={`mailto:${contact.email}`} fz="sm">
          {contact.email}
        </Anchor>
      ) : null}
      {phone ? <Text fz="sm">{phone}</Text> : null}
    </Stack>
  );
}

function Panel({
  caption,
  rows,
  contacts,
}: {
  caption: string;
  rows: DonorFields[];
  contacts: Map<number, MatchContact>;
}) {
  return (
    <Table captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Intended parent</Table.Th>
          <Table.Th scope="col">Contact</Table.Th>
          <Table.Th scope="col">Agency</Table.Th>
          <Table.Th scope="col">Queue type</Table.Th>
          <Table.Th scope="col">Queue number</Table.Th>
          <Table.Th scope="col">Requested</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={6}>None</Table.Td>
          </Table.Tr>
        ) : null}
        {rows.map((r) => (
          <Table.Tr key={String(r.matchId)}>
            <Table.Td>{String(r.parentName ?? '')}</Table.Td>
            <Table.Td>
              <Contact contact={contacts.get(Number(r.matchId))} />
            </Table.Td>
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

/**
 * The active and queued match panels of the donor page (staff only, search spec section 6), with
 * each parent's e-mail and phone (GET fetchcurrentmatchcontacts, asked only when there are matches:
 * the server answers staff of the donor's center only).
 */
export function MatchPanels({
  donorId,
  panels,
}: {
  donorId: number;
  panels: NonNullable<DonorDetails['matchPanels']>;
}) {
  const any = panels.active.length + panels.queued.length > 0;
  const contacts = useMatchContacts(donorId, any);
  const byMatch = new Map((contacts.data ?? []).map((c) => [c.matchId, c]));
  return (
    <Paper withBorder p="md" component="section" aria-label="Active and queued matches">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel caption="Active matches" rows={panels.active} contacts={byMatch} />
        <Panel caption="Queued matches" rows={panels.queued} contacts={byMatch} />
      </SimpleGrid>
    </Paper>
  );
}
