import type { CronRunStatus } from '@dm/shared';
import { Badge } from '@mantine/core';
import { formatDateTime } from '../../lib/dates';

export const STATUS_LABEL: Record<CronRunStatus | 'all', string> = {
  all: 'All',
  running: 'Running',
  success: 'Succeeded',
  failed: 'Failed',
};

const COLOR: Record<CronRunStatus, string> = { running: 'gray.8', success: 'teal.9', failed: 'red.9' };

export function CronStatusBadge({ status }: { status: CronRunStatus }) {
  return (
    <Badge color={COLOR[status]} variant="filled">
      {STATUS_LABEL[status]}
    </Badge>
  );
}

export const when = (iso: string | null) => formatDateTime(iso, { empty: '—' });
