import { donorFeedbackScope, pagePath } from '@dm/shared';
import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatNoteDate } from '../../lib/dates';
import { policySubjectOf, useSession } from '../../lib/session';
import { useDonorFeedback } from './queries';

export const FEEDBACK_LABEL = { yes: 'Yes', maybe: 'Maybe', no: 'No' } as const;
/** Dark shades keep the white badge text at 4.5:1 contrast. */
export const FEEDBACK_COLOR = { yes: 'teal.9', maybe: 'gray.8', no: 'red.9' } as const;

/**
 * On donor details: the feedback clients gave this donor in portfolios (clients of the feedback
 * centers see their own, case managers that of their portfolios, admins all of the center).
 * Nothing when there is none.
 */
export function DonorFeedbackPanel({ donorId }: { donorId: number }) {
  const { user } = useSession();
  const scope = user ? donorFeedbackScope(policySubjectOf(user)) : null;
  const mayAsk = scope !== null;
  const feedback = useDonorFeedback(donorId, mayAsk);
  if (!mayAsk || !feedback.data || feedback.data.length === 0) return null;
  const staff = scope === 'center' || scope === 'manager';
  return (
    <Paper withBorder p="md" component="section" aria-label="Portfolio feedback">
      <Table captionSide="top">
        <Table.Caption>Portfolio feedback</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Portfolio</Table.Th>
            {staff ? <Table.Th scope="col">Intended parent</Table.Th> : null}
            <Table.Th scope="col">Feedback</Table.Th>
            <Table.Th scope="col">Given</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {feedback.data.map((f) => (
            <Table.Tr key={f.portfolioId}>
              <Table.Td>
                <Anchor component={Link} to={pagePath('previewshortlist', { id: f.portfolioId })}>
                  {f.portfolioName}
                </Anchor>
              </Table.Td>
              {staff ? <Table.Td>{f.clientName ?? ''}</Table.Td> : null}
              <Table.Td>
                <Badge color={FEEDBACK_COLOR[f.feedback]}>{FEEDBACK_LABEL[f.feedback]}</Badge>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{f.feedbackAt ? formatNoteDate(f.feedbackAt) : ''}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
