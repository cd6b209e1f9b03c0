import {
  canAskAboutDonor,
  canOpen,
  type DonorListItem,
  donorDisplayId,
  hasCompleteProfile,
  pagePath,
} from '@dm/shared';
import { Badge, Button, Card, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CompareCheckbox, type CompareSelection } from '../../components/donor/CompareSelection';
import { FEEDBACK_COLOR, FEEDBACK_LABEL } from '../../components/donor/feedback';
import { formatHeight } from '../../components/donor/format';
import { notifyManager, removeFavorite, saveFavorite } from '../../components/donor/queries';
import { policySubjectOf, subjectOf, useSession } from '../../lib/session';
import { CarrierCardLine } from '../genetics/CarrierCards';
import { CardQueuePlace } from '../match/QueuePlace';
import { AddToPortfolioButton } from '../portfolios/AddToPortfolio';
import { searchKeys } from './queries';

const summary = (entries: DonorListItem['races']) =>
  entries.length ? entries.map((e) => `${e.name} ${e.percentage}%`).join(', ') : 'Not given';

const AVAILABILITY_COLOR: Record<string, string> = {
  Available: 'green',
  'In Cycle': 'blue',
  'Under Review': 'yellow',
};

/** The key facts of a donor, shared by the card and the quick view. */
function Facts({ donor }: { donor: DonorListItem }) {
  const facts: [string, string][] = [
    ['Age', donor.age === null ? 'Not given' : `${donor.age}${donor.ageUnconfirmed ? ' (unconfirmed)' : ''}`],
    ['Height', formatHeight(donor.heightCm)],
    ['Eyes', donor.eyeColor ?? 'Not given'],
    ['Hair', donor.hairColor ?? 'Not given'],
    ['Race', summary(donor.races)],
    ['Ethnicity', summary(donor.ethnicities)],
    ['Location', [donor.city, donor.state].filter(Boolean).join(', ') || 'Not given'],
  ];
  // null: the donor's agency does not show its donor type.
  if (donor.donorType !== null) facts.push(['Donor type', donor.donorType]);
  if (donor.distance !== null) facts.push(['Distance', `${donor.distance} miles`]);
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8, rowGap: 2 }}>
      {facts.map(([term, value]) => (
        <Text key={term} component="div" fz="sm" display="contents">
          <dt style={{ fontWeight: 600 }}>{term}</dt>
          <dd style={{ margin: 0 }}>{value}</dd>
        </Text>
      ))}
    </dl>
  );
}

function Availability({ donor }: { donor: DonorListItem }) {
  return (
    <Group gap="xs">
      {/* Black text on the light tint keeps the 4.5:1 contrast whatever the colour. */}
      <Badge color={AVAILABILITY_COLOR[donor.availability] ?? 'gray'} variant="light" c="black">
        {donor.availability}
      </Badge>
      {/* Only staff are ever shown a donor still applying; the mark sets her apart. */}
      {hasCompleteProfile(donor.availability) ? null : (
        <Badge color="orange" variant="outline">
          Profile not complete
        </Badge>
      )}
      <Text fz="sm">{donor.remainingQueue} of 3 queue spots open</Text>
    </Group>
  );
}

/** A slider through the donor's photos, one at a time, with labelled previous/next buttons. */
function PhotoSlider({ donor }: { donor: DonorListItem }) {
  const [index, setIndex] = useState(0);
  const ids = donor.photoIds;
  if (ids.length === 0) return <Text c="dimmed">No photos.</Text>;
  const at = Math.min(index, ids.length - 1);
  return (
    <Stack gap="xs" align="center">
      <Image
        src={`/api/donorphoto/${ids[at]}`}
        alt={`Donor ${donorDisplayId(donor)}, photo ${at + 1} of ${ids.length}`}
        h={320}
        fit="contain"
      />
      {ids.length > 1 ? (
        <Group>
          <Button variant="default" size="xs" onClick={() => setIndex((at - 1 + ids.length) % ids.length)}>
            Previous photo
          </Button>
          <Text fz="sm" aria-live="polite">
            Photo {at + 1} of {ids.length}
          </Text>
          <Button variant="default" size="xs" onClick={() => setIndex((at + 1) % ids.length)}>
            Next photo
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * Favourite toggle for roles holding the favorites page; the search list is read again after a
 * change so every card shows the new mark.
 */
function FavoriteToggle({ donor, label }: { donor: DonorListItem; label: string }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const favorite = useMutation({
    mutationFn: async (add: boolean): Promise<void> => {
      if (add) {
        const { added } = await saveFavorite(donor.id);
        if (added && user && canAskAboutDonor(policySubjectOf(user)))
          await notifyManager(donor.id, 'favorite');
      } else await removeFavorite(donor.id);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: searchKeys.allDonors }),
  });
  if (!user || !canOpen(subjectOf(user), 'favorites')) return null;
  const text = donor.fav ? 'Favorite' : 'Add to favorites';
  return (
    <Button
      size="xs"
      variant={donor.fav ? 'filled' : 'outline'}
      aria-pressed={donor.fav}
      aria-label={`${text}: donor ${label}`}
      loading={favorite.isPending}
      onClick={() => favorite.mutate(!donor.fav)}
    >
      {text}
    </Button>
  );
}

/** The caller's portfolios holding the donor, the latest feedback given in them, her own match. */
function Marks({ donor }: { donor: DonorListItem }) {
  const feedback = donor.feedback as keyof typeof FEEDBACK_LABEL | null;
  if (donor.shortlists.length === 0 && !feedback && !donor.matchStatus) return null;
  return (
    <Group gap="xs">
      {donor.matchStatus ? (
        <Badge color="blue.9">
          Your match: {donor.matchStatus}
          {donor.queueType ? ` (${donor.queueType})` : ''}
        </Badge>
      ) : null}
      {donor.matchStatus ? <CardQueuePlace donorId={donor.id} /> : null}
      {donor.shortlists.length > 0 ? (
        <Text fz="sm">In portfolio: {donor.shortlists.map((s) => s.name).join(', ')}</Text>
      ) : null}
      {feedback && feedback in FEEDBACK_LABEL ? (
        <Badge color={FEEDBACK_COLOR[feedback]}>Feedback: {FEEDBACK_LABEL[feedback]}</Badge>
      ) : null}
    </Group>
  );
}

export function DonorCard({ donor, compare }: { donor: DonorListItem; compare?: CompareSelection }) {
  const [quickView, setQuickView] = useState(false);
  const { user } = useSession();
  // A Pre-Active parent opens profiles only where her agency allows it: no dead link.
  const profiles = user === null || canOpen(subjectOf(user), 'donordetails');
  const label = donorDisplayId(donor);
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Donor ${label}`}>
      <Card.Section>
        {donor.photoUrl ? (
          <Image src={donor.photoUrl} alt={`Donor ${label}`} h={200} fit="cover" loading="lazy" />
        ) : (
          <Text h={200} ta="center" pt={90} c="dimmed" bg="gray.1">
            No photo
          </Text>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text fw={700} component="h2" fz="lg" m={0}>
          {label}
          {donor.firstName ? ` · ${donor.firstName}` : ''}
        </Text>
        <Availability donor={donor} />
        <Marks donor={donor} />
        <Facts donor={donor} />
        <CarrierCardLine donorId={donor.id} />
        <Text fz="xs" c="dimmed">
          {donor.views} views
        </Text>
        <Group gap="xs">
          {profiles ? (
            <Button
              component={Link}
              to={pagePath('donordetails', { id: donor.id })}
              size="xs"
              aria-label={`View profile of donor ${label}`}
            >
              View profile
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            onClick={() => setQuickView(true)}
            aria-label={`Quick view of donor ${label}`}
          >
            Quick view
          </Button>
          <FavoriteToggle donor={donor} label={label} />
          <AddToPortfolioButton donorId={donor.id} label={label} />
          {compare ? (
            <CompareCheckbox selection={compare} donorId={donor.id} label={`donor ${label}`} text="Compare" />
          ) : null}
        </Group>
      </Stack>
      <Modal opened={quickView} onClose={() => setQuickView(false)} title={`Donor ${label}`} size="lg">
        <Stack>
          <PhotoSlider donor={donor} />
          <Availability donor={donor} />
          <Facts donor={donor} />
          {profiles ? (
            <Button component={Link} to={pagePath('donordetails', { id: donor.id })}>
              Open full profile
            </Button>
          ) : (
            <Text size="sm">Full profiles open once you are a member.</Text>
          )}
        </Stack>
      </Modal>
    </Card>
  );
}
