import type { DonorDetails, DonorFields, MatchContact } from '@dm/shared';
import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { ListTable } from '../../components/ListTable';
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
    <ListTable
      caption={caption}
      captionSide="top"
      minWidth={640}
      columns={[
        { key: 'parent', label: 'Intended parent', render: (r) => String(r.parentName ?? '') },
        {
          key: 'contact',
          label: 'Contact',
          render: (r) => <Contact contact={contacts.get(Number(r.matchId))} />,
        },
        { key: 'agency', label: 'Agency', render: (r) => String(r.ipAgencyName ?? '') },
        { key: 'queueType', label: 'Queue type', render: (r) => String(r.queueType ?? '') },
        {
          key: 'queue',
          label: 'Queue number',
          render: (r) => (r.queuePosition === null ? '' : String(r.queuePosition)),
        },
        {
          key: 'requested',
          label: 'Requested',
          render: (r) => (typeof r.requestedAt === 'string' ? formatNoteDate(r.requestedAt) : ''),
        },
      ]}
      rows={rows}
      rowKey={(r) => String(r.matchId)}
      empty="None"
      tableProps={{ striped: false, highlightOnHover: false }}
    />
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
