import { type CouponAnswer, formatCouponCode, type PaymentFailure } from '@dm/shared';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api';
import { messageOf } from '../../lib/form';
import { downloadPaymentsCsv, verifyCoupon } from './queries';

/** What a payment attempt came to: nothing yet, refused (the spec's error screen), or done. */
export type Attempt = { state: 'form' } | { state: 'failed'; message: string; hideTryAgain: boolean };

/** A refused payment as the page shows it: the server's (or the card entry's) message and try again. */
export function failureOf(error: unknown): Attempt {
  const data = error instanceof ApiError ? (error.data as Partial<PaymentFailure> | null) : null;
  return { state: 'failed', message: messageOf(error), hideTryAgain: data?.hideTryAgain === true };
}

/**
 * The spec's payment error: the form is hidden, the message shown, and try again offered unless
 * the server said hideTryAgain (already subscribed, already paid).
 */
export function PaymentFailed({
  attempt,
  onTryAgain,
}: {
  attempt: Extract<Attempt, { state: 'failed' }>;
  onTryAgain: () => void;
}) {
  return (
    <Stack maw={560}>
      <Alert color="red" title="Payment not completed" role="alert">
        {attempt.message}
      </Alert>
      {attempt.hideTryAgain ? null : (
        <Group>
          <Button onClick={onTryAgain}>Try again</Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The coupon field: the code shown in groups of 4, checked by the server on Apply; an invalid or
 * expired code is marked invalid with the server's message.
 */
export function CouponField({
  coupon,
  onChange,
}: {
  coupon: CouponAnswer | null;
  onChange: (c: CouponAnswer | null) => void;
}) {
  const [code, setCode] = useState(coupon?.display ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    if (!code.trim()) return;
    setBusy(true);
    try {
      const answer = await verifyCoupon(code);
      setError(null);
      setCode(answer.display);
      onChange(answer);
    } catch (e) {
      setError(messageOf(e));
      onChange(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Coupon code"
        value={code}
        onChange={(e) => {
          setCode(formatCouponCode(e.currentTarget.value));
          setError(null);
          if (coupon) onChange(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void apply();
          }
        }}
        error={error}
        aria-invalid={error ? true : undefined}
        description={coupon ? `${coupon.percentOff}% off applied` : undefined}
        w={240}
      />
      <Button variant="light" onClick={() => void apply()} loading={busy}>
        Apply
      </Button>
    </Group>
  );
}

/** A line of the order summary. */
export function SummaryLine({
  label,
  children,
  strong,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" maw={420}>
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : undefined}>{children}</Text>
    </Group>
  );
}

/** The grids' CSV export: the server streams every row the grid's filters select. */
export function CsvExportButton({ endpoint, body, file }: { endpoint: string; body: unknown; file: string }) {
  return (
    <Group>
      <Button variant="light" onClick={() => void downloadPaymentsCsv(endpoint, body, file).catch(() => {})}>
        Export CSV
      </Button>
    </Group>
  );
}
