import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { AccessMessage } from '../access/AccessMessage';
import { preformKeys, resetPreform } from './queries';

/** /not-accepted-preform: the donor's pre-form was not accepted; she may fill it again. */
export default function NotAcceptedPreformPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const [busy, setBusy] = useState(false);

  const again = async () => {
    setBusy(true);
    try {
      await resetPreform();
      queryClient.removeQueries({ queryKey: preformKeys.all });
      await refresh();
      navigate('/preform');
    } catch {
      // The request wrapper has shown the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccessMessage
      title="Pre-form not accepted"
      action={
        <Button onClick={again} loading={busy}>
          Fill the pre-form again
        </Button>
      }
    >
      Thank you for your interest in becoming a donor. Based on your answers you do not meet our donor
      requirements at this time. If an answer was wrong or something has changed, you can fill the pre-form
      again.
    </AccessMessage>
  );
}
