import { isStaff, PROFILE_MSG } from '@dm/shared';
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useVerifyEmail } from './queries';

/**
 * /verifyuser/{token}/{newEmail}: the link of the e-mail change mail. Sent once on
 * opening; success goes to the profile, failure shows "E-mail doesn't verfied successfully." and
 * goes to /viewclient for staff (the profile for everyone else).
 */
export default function VerifyUserPage() {
  const { token = '', newEmail = '' } = useParams();
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    // The session first: where a failure goes depends on who is signed in.
    if (started.current || loading) return;
    started.current = true;
    verify
      .mutateAsync({ newEmail: decodeURIComponent(newEmail), verificationCode: token, isUrl: true })
      .then(() => navigate('/editprofile/myaccount', { replace: true }))
      .catch(() => {
        notify('error', PROFILE_MSG.EMAIL_NOT_VERIFIED);
        navigate(user && isStaff(user) ? '/viewclient' : '/editprofile/myaccount', { replace: true });
      });
  }, [newEmail, token, user, loading, navigate, verify]);

  return (
    <Stack>
      <Title order={1}>Verify e-mail</Title>
      {verify.isError ? (
        <Alert color="red" role="alert">
          {PROFILE_MSG.EMAIL_NOT_VERIFIED}
        </Alert>
      ) : (
        <Loader aria-label="Verifying your e-mail" />
      )}
    </Stack>
  );
}
