import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { ForgotPasswordForm } from './ForgotPasswordDialog';

/** /forgetpassword: the forgot-password form of the login dialog, as a page. */
export default function ForgetPasswordPage() {
  return (
    <AuthLayout title="Forgot password">
      <Stack>
        <ForgotPasswordForm />
        <Anchor component={Link} to="/login" size="sm">
          Back to login
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
