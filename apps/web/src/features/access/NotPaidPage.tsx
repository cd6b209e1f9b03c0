import { pagePath } from '@dm/shared';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { AccessMessage } from './AccessMessage';

/**
 * /notpaid: a Pre-Active parent of a center without pre-active access. Where the center sells
 * memberships (payments), the primary parent is offered the premium subscription; elsewhere the
 * agency activates the account.
 */
export default function NotPaidPage() {
  const { user } = useSession();
  if (user?.center.payments && user.parentId === null) {
    return (
      <AccessMessage
        title="Membership required"
        action={
          <Button component={Link} to={pagePath('paymentsubscription')}>
            Become a premium member
          </Button>
        }
      >
        Your account is not active yet. Subscribe to the premium membership (the first month is free) to
        search and request donors.
      </AccessMessage>
    );
  }
  return (
    <AccessMessage title="Membership required">
      Your account is not active yet. Your agency activates it once your membership is in place; please
      contact them if you have any questions.
    </AccessMessage>
  );
}
