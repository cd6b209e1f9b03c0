import {
  MSG,
  OTP_LENGTH,
  OTP_RESEND_AFTER_FAILURE_SECONDS,
  OTP_RESEND_AFTER_SUCCESS_SECONDS,
} from '@dm/shared';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCountdown } from '../../lib/countdown';
import { messageOf } from '../../lib/form';
import { sendOtp, useTextVisibility } from './queries';

interface TextValues {
  contactno: string;
  receive_text_notification: boolean;
  otp: string;
}

/**
 * The sign-up's optional text-notification step: shown when the agency sends texts.
 * Choosing it asks for a code texted to the contact number; the form then verifies the code
 * before registering. Sending without a number says "Please fill Contact Number." and turns
 * the choice off (spec). Resend waits 30 s after a send and 10 s after a failure.
 */
export function TextNotificationStep<V extends TextValues>({
  form,
  centerId,
  countryCode,
}: {
  form: UseFormReturnType<V>;
  centerId: number;
  countryCode: string;
}) {
  const offered = useTextVisibility(centerId);
  const [wait, startWait] = useCountdown();
  const [sentOnce, setSentOnce] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      sendOtp({ contactno: form.values.contactno, country_code: countryCode, center_id: centerId }, sentOnce),
    onSuccess: (answer) => {
      setSentOnce(true);
      startWait(answer.resendAfterSeconds ?? OTP_RESEND_AFTER_SUCCESS_SECONDS);
    },
    onError: () => startWait(OTP_RESEND_AFTER_FAILURE_SECONDS),
  });

  if (offered.data !== true) return null;
  const chosen = form.values.receive_text_notification;

  const requestCode = () => {
    if (!form.values.contactno) {
      form.setFieldError('contactno', MSG.FILL_CONTACT_NUMBER);
      form.setFieldValue('receive_text_notification', false as never);
      return;
    }
    send.mutate();
  };

  return (
    <Stack gap="xs">
      <Checkbox
        label="Receive text notifications"
        description="We text a verification code to your contact number."
        checked={chosen}
        onChange={(event) => {
          form.setFieldValue('receive_text_notification', event.currentTarget.checked as never);
          if (!event.currentTarget.checked) form.setFieldValue('otp', '' as never);
        }}
      />
      {chosen && (
        <Stack gap="xs" pl="lg">
          <Group align="flex-end">
            <Button variant="light" onClick={requestCode} loading={send.isPending} disabled={wait > 0}>
              {sentOnce ? 'Resend code' : 'Send code'}
            </Button>
            {wait > 0 && (
              <Text size="sm" c="dimmed">
                You can ask again in {wait} s.
              </Text>
            )}
          </Group>
          <Text size="sm" role="status" c={send.isError ? 'red.8' : undefined}>
            {send.isError ? messageOf(send.error) : send.isSuccess ? MSG.OTP_SENT : ''}
          </Text>
          <TextInput
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            aria-required
            {...form.getInputProps('otp')}
            onChange={(event) =>
              form.setFieldValue(
                'otp',
                event.currentTarget.value.replace(/\D/g, '').slice(0, OTP_LENGTH) as never,
              )
            }
          />
        </Stack>
      )}
    </Stack>
  );
}
