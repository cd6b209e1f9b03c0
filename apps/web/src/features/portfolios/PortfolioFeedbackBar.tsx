import { donorDisplayId, FEEDBACK_VALUES, type Feedback, pagePath } from '@dm/shared';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { giveFeedback, portfolioKeys, usePortfolio } from './queries';
import { usePortfolioGone } from './usePortfolioGone';

const LABEL: Record<Feedback, string> = { yes: 'Yes', maybe: 'Maybe', no: 'No' };

/** The donordetails feedback parameter: a positive portfolio id, anything else means none. */
export function feedbackPortfolioId(feedback: string | undefined): number | null {
  const n = Number(feedback);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * Donor details opened from a portfolio (/donordetails/{id}/{portfolio}): a way back to the
 * donor's place in that portfolio and, for a client who may give feedback on an Active portfolio,
 * the yes / maybe / no buttons for this donor. Nothing when the portfolio cannot be opened or the
 * donor is not in it.
 */
export function PortfolioFeedbackBar({ portfolioId, donorId }: { portfolioId: number; donorId: number }) {
  const detail = usePortfolio(portfolioId, 'order');
  const queryClient = useQueryClient();
  const gone = usePortfolioGone();
  const [busy, setBusy] = useState(false);
  const d = detail.data;
  const donor = d?.donors.find((x) => x.donorId === donorId);
  if (!d || !donor) return null;
  const mayGive = d.canGiveFeedback && d.portfolio.status === 'Active';
  const give = async (value: Feedback) => {
    setBusy(true);
    try {
      await giveFeedback(portfolioId, donorId, value);
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    } catch (e) {
      gone(e);
    } finally {
      setBusy(false);
    }
  };
  const label = donorDisplayId(donor);
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Feedback in portfolio ${d.portfolio.name}`}>
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to={pagePath('previewshortlist', { id: portfolioId, p: donorId })}>
          Back to portfolio {d.portfolio.name}
        </Anchor>
        {mayGive ? (
          <Group gap="xs" role="group" aria-label={`Feedback on donor ${label}`}>
            {FEEDBACK_VALUES.map((value) => (
              <Button
                key={value}
                size="xs"
                color="blue.9"
                variant={donor.feedback === value ? 'filled' : 'outline'}
                aria-pressed={donor.feedback === value}
                disabled={busy}
                onClick={() => void give(value)}
              >
                {LABEL[value]}
              </Button>
            ))}
          </Group>
        ) : donor.feedback ? (
          <Text fz="sm">Client feedback: {LABEL[donor.feedback]}</Text>
        ) : null}
      </Group>
    </Paper>
  );
}
