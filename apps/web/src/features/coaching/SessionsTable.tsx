import {
  COACHING_LIST_PAGE_SIZE,
  type CoachingSession,
  type CoachingSort,
  canCancelCoachingSession,
  canConfirmCoachingSession,
  NAME_SEARCH_DEBOUNCE_MS,
  type PolicySubject,
  type SessionListInput,
} from '@dm/shared';
import { Anchor, Badge, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { type RowAction, RowActions } from '../../components/RowActions';
import { formatDateTime, viewerTimeZone } from '../../lib/dates';
import { CommentsDialog } from './CommentsDialog';
import { useCancelSession, useCoachingSessions, useConfirmSession } from './queries';

const STATUS_COLOR = { Requested: 'blue', Done: 'green', Cancelled: 'gray' } as const;

/** A place that is a link opens as one; an address reads as text. */
function Place({ location }: { location: string }) {
  return /^https?:\/\//.test(location) ? (
    <Anchor href={location} target="_blank" rel="noopener noreferrer">
      {location}
    </Anchor>
  ) : (
    location
  );
}

/**
 * The coaching session list (getcounsellingsessionlist, 10 a page): the client's own sessions on
 * her booking page, the staff's on /coaching-sessions. Times show in the viewer's zone. Actions
 * follow the policy: mark done (staff, by confirmation), comments, cancel before the start.
 */
export function SessionsTable({
  subject,
  view,
  filters = {},
  caption,
}: {
  subject: PolicySubject;
  view: 'client' | 'staff';
  filters?: Pick<SessionListInput, 'session_status' | 'startdate' | 'lastdate'>;
  caption: string;
}) {
  const list = useListQuery('scheduledTime', COACHING_LIST_PAGE_SIZE, 'desc', NAME_SEARCH_DEBOUNCE_MS);
  const timeZone = viewerTimeZone();
  const sessions = useCoachingSessions({
    ...filters,
    search: list.query.search,
    sortKey: list.query.sort as CoachingSort,
    ord: list.query.ord,
    from: list.query.from,
    to: list.query.to,
    timeZone,
  });
  const filterKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: back to the first page when a filter changes
  useEffect(() => list.setPage(1), [filterKey]);
  const confirm = useConfirmSession();
  const cancel = useCancelSession();
  const [commentsOf, setCommentsOf] = useState<CoachingSession | null>(null);
  const now = new Date();
  const when = (r: CoachingSession) => formatDateTime(r.scheduledTime);
  const facts = (r: CoachingSession) => ({
    centerId: subject.centerId,
    clientId: r.clientId,
    // The server lists only sessions the caller may act on as their couple, manager or admin.
    holderId: subject.parentId ?? subject.userId,
    managerId: r.managerId,
    status: r.status,
    startsAt: new Date(r.scheduledTime),
  });

  const askDone = (r: CoachingSession) =>
    modals.openConfirmModal({
      title: 'Mark the session as done?',
      children: (
        <Text>
          Confirm that the session of {r.clientName} on {when(r)} took place.
        </Text>
      ),
      labels: { confirm: 'Mark as done', cancel: 'Back' },
      onConfirm: () => confirm.mutate({ session_id: r.sessionId, user_id: r.clientId }),
    });
  const askCancel = (r: CoachingSession) =>
    modals.openConfirmModal({
      title: 'Cancel the session?',
      children: (
        <Text>
          The session on {when(r)} is cancelled, both of you get the calendar update, and its credit goes
          back.
        </Text>
      ),
      labels: { confirm: 'Cancel session', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(r.sessionId),
    });

  const columns: Column<CoachingSession>[] = [
    { key: 'scheduledTime', label: 'When', sortable: true, render: when },
    ...(view === 'staff'
      ? [{ key: 'client', label: 'Client', sortable: true, render: (r: CoachingSession) => r.clientName }]
      : []),
    { key: 'manager', label: 'Coach', sortable: view === 'staff', render: (r) => r.managerName },
    {
      key: 'details',
      label: 'Details',
      render: (r) => (
        <Text fz="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {r.details}
        </Text>
      ),
    },
    { key: 'location', label: 'Where', render: (r) => <Place location={r.location} /> },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="light">
          {r.status}
        </Badge>
      ),
    },
  ];

  const actionsOf = (r: CoachingSession): RowAction[] => {
    const name = `the session on ${when(r)}${view === 'staff' ? ` with ${r.clientName}` : ''}`;
    const actions: RowAction[] = [];
    if (view === 'staff' && canConfirmCoachingSession(subject, facts(r)))
      actions.push({
        label: 'Mark done',
        ariaLabel: `Mark done: ${name}`,
        onClick: () => askDone(r),
        variant: 'light',
      });
    actions.push({
      label: `Comments (${r.comments})`,
      ariaLabel: `Comments (${r.comments}): ${name}`,
      onClick: () => setCommentsOf(r),
    });
    if (canCancelCoachingSession(subject, facts(r), now))
      actions.push({
        label: 'Cancel',
        ariaLabel: `Cancel: ${name}`,
        onClick: () => askCancel(r),
        danger: true,
      });
    return actions;
  };

  return (
    <>
      <ListTable
        minWidth={900}
        caption={`${caption} (times in your time zone: ${timeZone})`}
        columns={columns}
        rows={sessions.data?.rows ?? []}
        rowKey={(r) => r.sessionId}
        total={sessions.data?.total ?? 0}
        list={list}
        searchLabel={view === 'staff' ? 'Search by client or coach name or e-mail' : undefined}
        loading={sessions.isPending}
        empty="No coaching sessions yet."
        actions={{ render: (r) => <RowActions actions={actionsOf(r)} wrap="wrap" /> }}
      />
      <CommentsDialog session={commentsOf} onClose={() => setCommentsOf(null)} />
    </>
  );
}
