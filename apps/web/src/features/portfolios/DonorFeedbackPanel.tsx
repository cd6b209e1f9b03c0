import { type DonorFeedbackEntry, donorFeedbackScope, pagePath } from '@dm/shared';
import { Anchor, Badge, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FEEDBACK_COLOR, FEEDBACK_LABEL } from '../../components/donor/feedback';
import { ListTable } from '../../components/ListTable';
import { formatNoteDate } from '../../lib/dates';
import { policySubjectOf, useSession } from '../../lib/session';
import { useDonorFeedback } from './queries';

export { FEEDBACK_COLOR, FEEDBACK_LABEL };

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
      <ListTable
        caption="Portfolio feedback"
        captionSide="top"
        columns={[
          {
            key: 'portfolio',
            label: 'Portfolio',
            render: (f) => (
              <Anchor component={Link} to={pagePath('previewshortlist', { id: f.portfolioId })}>
                {f.portfolioName}
              </Anchor>
            ),
          },
          ...(staff
            ? [
                {
                  key: 'client',
                  label: 'Intended parent',
                  render: (f: DonorFeedbackEntry) => f.clientName ?? '',
                },
              ]
            : []),
          {
            key: 'feedback',
            label: 'Feedback',
            render: (f) => <Badge color={FEEDBACK_COLOR[f.feedback]}>{FEEDBACK_LABEL[f.feedback]}</Badge>,
          },
          {
            key: 'given',
            label: 'Given',
            render: (f) => <Text fz="sm">{f.feedbackAt ? formatNoteDate(f.feedbackAt) : ''}</Text>,
          },
        ]}
        rows={feedback.data}
        rowKey={(f) => f.portfolioId}
        tableProps={{ striped: false, highlightOnHover: false }}
      />
    </Paper>
  );
}
