import { NOTIFY_ME_LABEL, type QueuePlace, queuePlaceText } from '@dm/shared';
import { Switch, Text } from '@mantine/core';
import { useDonorQueue, usePlaceOf, useWatchToggle } from './queries';

/** "2nd of 3 in the Fresh queue", or that her match is in cycle; only her own place and the length. */
export function placeLabel(p: QueuePlace): string {
  if (p.place === null) return 'In cycle with you';
  return `${queuePlaceText(p.place, p.of)} in the ${p.queueType.toLowerCase()} queue`;
}

/** The caller's place with a donor on a card, from her list of places (nothing when she has none). */
export function CardQueuePlace({ donorId }: { donorId: number }) {
  const place = usePlaceOf(donorId);
  if (!place) return null;
  return <Text fz="sm">Your place: {placeLabel(place)}</Text>;
}

/**
 * The notify-me switch of a donor page: shown while the switch is on, or while the donor takes no
 * request (unavailable or her queue full) and the caller has no match with her.
 */
export function NotifyMeSwitch({ donorId, label }: { donorId: number; label?: string }) {
  const queue = useDonorQueue(donorId);
  const toggle = useWatchToggle();
  if (!queue.data) return null;
  const { watching, takesRequests, place } = queue.data;
  if (!watching && (takesRequests || place)) return null;
  const checked = toggle.isPending ? toggle.variables!.notify : watching;
  return (
    <Switch
      label={NOTIFY_ME_LABEL}
      {...(label ? { 'aria-label': `${NOTIFY_ME_LABEL}: donor ${label}` } : {})}
      description={
        checked ? 'On: we tell you in the app, by e-mail and (if you chose texts) by text.' : 'Off.'
      }
      onLabel="On"
      offLabel="Off"
      size="md"
      styles={checked ? undefined : { trackLabel: { color: 'var(--mantine-color-text)' } }}
      checked={checked}
      disabled={toggle.isPending}
      onChange={(e) => toggle.mutate({ donor_id: donorId, notify: e.currentTarget.checked })}
    />
  );
}
