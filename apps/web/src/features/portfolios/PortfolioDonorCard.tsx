import { donorDisplayId, FEEDBACK_VALUES, type Feedback, type PortfolioDonor, pagePath } from '@dm/shared';
import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatHeight } from '../../components/donor/format';

const FEEDBACK_LABEL: Record<Feedback, string> = { yes: 'Yes', maybe: 'Maybe', no: 'No' };

/**
 * One donor of a portfolio: photo, key facts, the client's feedback buttons when allowed, and
 * `children` for actions the page adds (comments; later the match workflow).
 */
export function PortfolioDonorCard({
  donor,
  onFeedback,
  feedbackBusy,
  fromPortfolio,
  children,
}: {
  donor: PortfolioDonor;
  /** Present when the caller may give feedback. */
  onFeedback?: (feedback: Feedback) => void;
  feedbackBusy?: boolean;
  /** The portfolio this card is shown in: the profile link carries it as the feedback parameter. */
  fromPortfolio?: number;
  children?: ReactNode;
}) {
  const label = donorDisplayId(donor);
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Donor ${label}`}>
      <Card.Section>
        {donor.photoUrl ? (
          <Image src={donor.photoUrl} alt={`Donor ${label}`} h={180} fit="cover" loading="lazy" />
        ) : (
          <Text h={180} ta="center" pt={80} c="dimmed" bg="gray.1">
            No photo
          </Text>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text fw={700} component="h2" fz="lg" m={0}>
          {donor.position + 1}. {label}
          {donor.firstName ? ` · ${donor.firstName}` : ''}
        </Text>
        <Group gap="xs">
          <Badge variant="light" c="black">
            {donor.availability}
          </Badge>
          <Text fz="sm">{donor.remainingQueue} of 3 queue spots open</Text>
        </Group>
        <Text fz="sm">
          Age {donor.age ?? 'not given'} · Height {formatHeight(donor.heightCm)} · Eyes{' '}
          {donor.eyeColor ?? '-'} · Hair {donor.hairColor ?? '-'}
        </Text>
        {onFeedback ? (
          <Group gap="xs" role="group" aria-label={`Feedback on donor ${label}`}>
            {FEEDBACK_VALUES.map((value) => (
              <Button
                key={value}
                size="xs"
                // One dark colour keeps 4.5:1 contrast in both variants; filled marks the choice.
                color="blue.9"
                variant={donor.feedback === value ? 'filled' : 'outline'}
                aria-pressed={donor.feedback === value}
                disabled={feedbackBusy}
                onClick={() => onFeedback(value)}
              >
                {FEEDBACK_LABEL[value]}
              </Button>
            ))}
          </Group>
        ) : donor.feedback ? (
          <Text fz="sm">Client feedback: {FEEDBACK_LABEL[donor.feedback]}</Text>
        ) : null}
        <Group gap="xs">
          <Button
            component={Link}
            to={pagePath('donordetails', { id: donor.donorId, feedback: fromPortfolio })}
            size="xs"
            variant="default"
            aria-label={`View profile of donor ${label}`}
          >
            View profile
          </Button>
          {children}
        </Group>
      </Stack>
    </Card>
  );
}
