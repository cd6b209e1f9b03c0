import {
  allowedMatchActions,
  DONATIONS_REDIRECT_MS,
  DONOR_TABS,
  matchesAsParent,
  pagePath,
  type QueueType,
  REMAINING_QUEUE_MAX,
  takesPartInMatches,
} from '@dm/shared';
import { Badge, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ListTable } from '../../components/ListTable';
import { policySubjectOf, useSession } from '../../lib/session';
import { parentName, useMatchRowActions } from './MatchRowActions';
import { NotifyMeSwitch, placeLabel } from './QueuePlace';
import { useDonorMatchStatus, useDonorQueue } from './queries';

/** The donor page tab that lists past donations (donation details land there). */
const PAST_DONATIONS_TAB = DONOR_TABS.indexOf('Past donations');

/**
 * The match buttons of a donor for the caller: a client requests a match or withdraws their
 * request; staff of the donor's center act on each open match as the state machine allows.
 * The server enforces the same rules; this only hides what cannot succeed.
 */
export function MatchActions({
  donorId,
  portfolioId,
  client,
}: {
  donorId: number;
  portfolioId?: number;
  /** On a portfolio shared with a client, staff may start a request on the client's behalf. */
  client?: { id: number; name: string };
}) {
  const { user } = useSession();
  const status = useDonorMatchStatus(donorId);
  const navigate = useNavigate();
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );
  /** A cancel or the donation details: after 2 s to the donor's past donations tab. */
  const toDonations = () => {
    if (redirect.current) clearTimeout(redirect.current);
    redirect.current = setTimeout(
      () => navigate(pagePath('donordetails', { id: donorId, feedback: 0, settab: PAST_DONATIONS_TAB })),
      DONATIONS_REDIRECT_MS,
    );
  };
  const rows = useMatchRowActions({ afterClose: toDonations });
  const queue = useDonorQueue(donorId);
  const who = user ? policySubjectOf(user) : null;
  if (!who || !takesPartInMatches(who)) return null;
  if (status.isPending) return <Loader size="sm" aria-label="Loading match status" />;
  if (!status.data) return null;
  const s = status.data;
  const { run, pending } = rows;

  if (matchesAsParent(who)) {
    const own = s.own;
    const mayCancel = own !== null && allowedMatchActions(own.status, 'parent').includes('cancel_request');
    return (
      <Paper withBorder p="md" component="section" aria-label="Match">
        <Group>
          {own ? (
            <>
              <Text component="div">
                Your match request:{' '}
                <Badge>{own.status === 'Confirm' ? 'Waiting to Confirm' : own.status}</Badge>
                {queue.data?.place ? ` · Your place: ${placeLabel(queue.data.place)}` : ''}
              </Text>
              {mayCancel ? (
                <Button
                  variant="outline"
                  color="red.9"
                  loading={pending}
                  onClick={() =>
                    void run({
                      call: 'canceldonorrequesttomatch',
                      body: {
                        donor_id: donorId,
                        parent_id: own.parentId,
                        queue_type: own.queueType as QueueType,
                        ...(portfolioId ? { portfolio_id: portfolioId } : {}),
                      },
                    }).catch(() => {})
                  }
                >
                  Cancel request
                </Button>
              ) : null}
            </>
          ) : (
            <>
              <Text size="sm">
                Remaining queue: {s.remainingQueue} of {REMAINING_QUEUE_MAX}
              </Text>
              <NotifyMeSwitch donorId={donorId} />
              <Button
                loading={pending}
                onClick={() =>
                  void run({
                    call: 'startmatchrequest',
                    body: { donor_id: donorId, ...(portfolioId ? { portfolio_id: portfolioId } : {}) },
                  }).catch(() => {})
                }
              >
                Request a match
              </Button>
            </>
          )}
        </Group>
      </Paper>
    );
  }

  // Staff of another agency follow their own clients' requests (s.open); the donor's agency acts.
  if (!s.staff && s.open.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Match requests">
      {s.staff ? null : (
        <Text size="sm" mb="xs">
          The donor's agency confirms, queues or cancels these requests.
        </Text>
      )}
      <ListTable
        caption="Match requests"
        captionSide="top"
        minWidth={600}
        columns={[
          { key: 'parent', label: 'Intended parent', render: (m) => parentName(m) },
          { key: 'agency', label: 'Agency', render: (m) => m.ipAgencyName },
          { key: 'queueType', label: 'Queue type', render: (m) => m.queueType },
          {
            key: 'status',
            label: 'Status',
            render: (m) => (m.status === 'Confirm' ? 'Waiting to Confirm' : m.status),
          },
          { key: 'queue', label: 'Queue number', render: (m) => m.queuePosition ?? '' },
          { key: 'actions', label: 'Actions', render: (m) => rows.buttons(m, s.staff ? 'staff' : 'other') },
        ]}
        rows={s.open}
        rowKey={(m) => m.matchId}
        empty="No open match requests."
        tableProps={{ striped: false, highlightOnHover: false }}
      />
      {s.staff && client && !s.open.some((m) => m.parentId === client.id) ? (
        <Button
          mt="sm"
          size="xs"
          loading={pending}
          onClick={() =>
            void run({
              call: 'startmatchrequest',
              body: {
                donor_id: donorId,
                parent_id: client.id,
                ...(portfolioId ? { portfolio_id: portfolioId } : {}),
              },
            }).catch(() => {})
          }
        >
          Request a match for {client.name}
        </Button>
      ) : null}
      {rows.dialogs}
    </Paper>
  );
}
