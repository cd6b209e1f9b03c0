import { MSG } from '@dm/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { useUnsubscribe } from './queries';

/**
 * /unsubscribe/{userid}/{username}/{fname?}/{lname?} (public, from the link in every e-mail):
 * asks before turning the account's notification e-mails off. The answer is the same whether or
 * not the link names an account (decision 004).
 */
export default function UnsubscribePage() {
  const { userid = '', username = '', fname } = useParams();
  const unsubscribe = useUnsubscribe();
  const valid = /^\d+$/.test(userid) && username !== '';
  return (
    <AuthLayout title="Unsubscribe">
      <Stack>
        {unsubscribe.isSuccess ? (
          <Alert color="green" role="status" title="Done">
            {MSG.UNSUBSCRIBED}
          </Alert>
        ) : (
          <>
            <Text>
              {fname ? `Hello ${fname}, ` : ''}do you want to stop receiving notification e-mails (favourites,
              notes, portfolios, matches and messages)? E-mails about your account, such as password resets,
              still arrive.
            </Text>
            {!valid ? (
              <Text c="red" role="alert">
                This unsubscribe link is incomplete.
              </Text>
            ) : null}
            {unsubscribe.isError ? (
              <Text c="red" role="alert">
                {unsubscribe.error instanceof Error ? unsubscribe.error.message : 'Something went wrong!'}
              </Text>
            ) : null}
            <Button
              disabled={!valid}
              loading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate({ userid: Number(userid), username })}
            >
              Turn off notification e-mails
            </Button>
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">
          Go to login
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
