import {
  DEFAULT_COUNTRY_CODE,
  MSG,
  OTP_LENGTH,
  OTP_RESEND_AFTER_SUCCESS_SECONDS,
  PROFILE_MSG,
  type ProfileView,
} from '@dm/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCountdown } from '../../lib/countdown';
import { FormError, messageOf } from '../../lib/form';
import { CaptchaField } from '../auth/CaptchaField';
import {
  resendContactCode,
  sendContactCode,
  sendEmailCode,
  useVerifyContact,
  useVerifyEmail,
} from './queries';

const digits = (s: string, max: number) => s.replace(/\D/g, '').slice(0, max);

function CodeInput({ value, onChange, error }: { value: string; onChange(v: string): void; error?: string }) {
  return (
    <TextInput
      label="Verification code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      required
      value={value}
      error={error}
      onChange={(e) => onChange(digits(e.currentTarget.value, OTP_LENGTH))}
    />
  );
}

/** The code step of both dialogs: what was sent, the code, the refusal, resend (after a wait) and verify. */
function CodeStep({
  sent,
  code,
  onCode,
  error,
  wait,
  busy,
  onResend,
  onVerify,
}: {
  sent: string;
  code: string;
  onCode(v: string): void;
  error: string | null;
  wait: number;
  busy: boolean;
  onResend(): void;
  onVerify(): void;
}) {
  return (
    <>
      <Text size="sm" role="status">
        {sent}
      </Text>
      <CodeInput value={code} onChange={onCode} />
      <FormError message={error} />
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="subtle" onClick={onResend} disabled={wait > 0 || busy}>
            Resend code
          </Button>
          {wait > 0 ? (
            <Text size="sm" c="dimmed">
              You can ask again in {wait} s.
            </Text>
          ) : null}
        </Group>
        <Button onClick={onVerify} loading={busy}>
          Verify
        </Button>
      </Group>
    </>
  );
}

/**
 * Changing the contact number: the new number and a solved captcha, then the code
 * texted to it (the texts module's one-time code; resend after 30 s), then verify: the number
 * becomes the user's, verified.
 */
export function ContactNumberDialog({
  profile,
  opened,
  onClose,
}: {
  profile: ProfileView;
  opened: boolean;
  onClose(): void;
}) {
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY_CODE);
  const [number, setNumber] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [sent, setSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, startWait] = useCountdown();
  const verify = useVerifyContact();

  useEffect(() => {
    if (!opened) return;
    setCountryCode(profile.country_code || DEFAULT_COUNTRY_CODE);
    setNumber('');
    setCaptcha(null);
    setSent(false);
    setOtp('');
    setError(null);
  }, [opened, profile.country_code]);

  const body = { contactno: number, country_code: countryCode };
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const send = () => {
    if (!number) return setError(MSG.FILL_CONTACT_NUMBER);
    if (profile.mobile_verified_user && number === profile.contact_no && countryCode === profile.country_code)
      return setError(PROFILE_MSG.SAME_CONTACT);
    if (!captcha) return setError(MSG.CAPTCHA_REQUIRED);
    void run(async () => {
      try {
        const answer = await sendContactCode({ ...body, captcha });
        setSent(true);
        startWait(answer.resendAfterSeconds ?? OTP_RESEND_AFTER_SUCCESS_SECONDS);
      } finally {
        // A captcha solution is spent once: a new one for the next send.
        setCaptcha(null);
        setCaptchaKey((k) => k + 1);
      }
    });
  };
  const resend = () =>
    void run(async () => {
      const answer = await resendContactCode(body);
      startWait(answer.resendAfterSeconds);
    });
  const check = () => {
    if (!otp) return setError(PROFILE_MSG.ENTER_CODE);
    void run(async () => {
      await verify.mutateAsync({ ...body, otp });
      onClose();
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Change contact number">
      <Stack>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Country code"
            w={110}
            value={countryCode}
            disabled={sent}
            onChange={(e) => setCountryCode(e.currentTarget.value)}
          />
          <TextInput
            label="New contact number"
            required
            inputMode="tel"
            style={{ flex: 1 }}
            value={number}
            disabled={sent}
            onChange={(e) => setNumber(digits(e.currentTarget.value, 10))}
          />
        </Group>
        {!sent ? (
          <>
            <CaptchaField key={captchaKey} onSolved={setCaptcha} />
            <FormError message={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={send} loading={busy}>
                Send code
              </Button>
            </Group>
          </>
        ) : (
          <CodeStep
            sent={MSG.OTP_SENT}
            code={otp}
            onCode={setOtp}
            error={error}
            wait={wait}
            busy={busy}
            onResend={resend}
            onVerify={check}
          />
        )}
      </Stack>
    </Modal>
  );
}

/**
 * Changing the e-mail (decision 015): a code (and a link) goes to the new address; the
 * e-mail, which is the username, changes once the code is entered here or the link is opened.
 */
export function EmailChangeDialog({
  profile,
  opened,
  onClose,
}: {
  profile: ProfileView;
  opened: boolean;
  onClose(): void;
}) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, startWait] = useCountdown();
  const verify = useVerifyEmail();
  const fullName = `${profile.first_name} ${profile.last_name}`.trim();

  useEffect(() => {
    if (!opened) return;
    setEmail('');
    setSent(false);
    setCode('');
    setError(null);
  }, [opened]);

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const send = (again: boolean) => {
    if (!email.trim()) return setError(MSG.INVALID_EMAIL);
    if (email.trim().toLowerCase() === profile.email.toLowerCase()) return setError(PROFILE_MSG.EMAIL_SAME);
    void run(async () => {
      const answer = await sendEmailCode({ newEmail: email.trim(), fullName }, again);
      setSent(true);
      startWait(answer.resendAfterSeconds);
    });
  };
  const check = () => {
    if (!code) return setError(PROFILE_MSG.ENTER_CODE);
    void run(async () => {
      await verify.mutateAsync({ newEmail: email.trim(), verificationCode: code, isUrl: false });
      onClose();
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Change e-mail">
      <Stack>
        <Text size="sm">
          Your e-mail is also your username. It changes once you enter the code sent to the new address.
        </Text>
        <TextInput
          label="New e-mail"
          type="email"
          required
          value={email}
          disabled={sent}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        {!sent ? (
          <>
            <FormError message={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => send(false)} loading={busy}>
                Send code
              </Button>
            </Group>
          </>
        ) : (
          <CodeStep
            sent={PROFILE_MSG.EMAIL_CODE_SENT}
            code={code}
            onCode={setCode}
            error={error}
            wait={wait}
            busy={busy}
            onResend={() => send(true)}
            onVerify={check}
          />
        )}
      </Stack>
    </Modal>
  );
}
