import 'altcha';
import { MSG } from '@dm/shared';
import { Checkbox, Stack, Text } from '@mantine/core';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { useRef, useState } from 'react';

const CHALLENGE_URL = '/api/captcha/challenge';
/** The widget's configuration: no outbound links, our checkbox is the visible control. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true });

type Status = 'idle' | 'verifying' | 'verified' | 'error';

/**
 * The self-hosted proof-of-work captcha (altcha, bundled by Vite, challenge from our own API).
 *
 * The altcha element does the work (fetch the challenge, solve it in web workers, build the
 * payload) but runs invisibly: its own checkbox unticks itself while solving, so a person (or a
 * test) ticking it sees the tick vanish. Our checkbox stays ticked from the click on and reports
 * progress in a live region.
 */
export function CaptchaField({ onSolved }: { onSolved(payload: string): void }) {
  const widget = useRef<AltchaWidgetElement>(null);
  const [status, setStatus] = useState<Status>('idle');

  const verify = async () => {
    const element = widget.current;
    if (!element || typeof element.verify !== 'function') {
      setStatus('error');
      return;
    }
    setStatus('verifying');
    const result = await element.verify();
    if (result?.payload) {
      setStatus('verified');
      onSolved(result.payload);
    } else {
      setStatus('error');
    }
  };

  return (
    <Stack gap={4}>
      <altcha-widget
        ref={widget}
        challenge={CHALLENGE_URL}
        display="invisible"
        auto="off"
        configuration={WIDGET_CONFIGURATION}
      />
      <Checkbox
        label="I'm not a robot"
        checked={status === 'verifying' || status === 'verified'}
        aria-busy={status === 'verifying'}
        onChange={(event) => {
          // Once ticked it stays ticked: the solution is on its way or already sent.
          if (event.currentTarget.checked && (status === 'idle' || status === 'error')) void verify();
        }}
        error={status === 'error' ? MSG.CAPTCHA_INVALID : undefined}
      />
      <Text size="sm" aria-live="polite">
        {status === 'verifying' ? 'Verifying…' : status === 'verified' ? 'Verified.' : ''}
      </Text>
    </Stack>
  );
}
