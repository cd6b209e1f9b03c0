import {
  type CouponAnswer,
  formatCents,
  ITEM_LABEL,
  ITEM_MAX_COUNT,
  PAGES,
  PAYMENT_ITEM,
  PAYMENT_MSG,
  type PaymentItem,
  pagePath,
} from '@dm/shared';
import { Alert, Anchor, Button, Loader, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { CardEntry, type CardEntryHandle, CardInputError } from './CardEntry';
import { type Attempt, CouponField, failureOf, PaymentFailed, SummaryLine } from './PaymentParts';
import { newPaymentKey, useMatchCheck, usePay, usePrice, usePublicKey } from './queries';

/**
 * /purchaseproducts/{item}/{count}/{additionalId?}: item 1 coaching sessions (count of them), item
 * 2 the match processing fee of the match `additionalId` (the caller's own open match, checked by
 * the server: anything else goes to /unauthorize). The total is the server's (fetchtotalitemsprice).
 */
export default function PurchasePage() {
  const params = useParams();
  const item = Number(params.item);
  if (item !== PAYMENT_ITEM.COACHING && item !== PAYMENT_ITEM.MATCH_FEE)
    return <Navigate to="/unauthorize" replace />;
  const matchId = item === PAYMENT_ITEM.MATCH_FEE ? Number(params.additionalId) : null;
  if (matchId !== null && !(matchId > 0)) return <Navigate to="/unauthorize" replace />;
  const count = Math.min(Math.max(1, Math.trunc(Number(params.count)) || 1), ITEM_MAX_COUNT[item]);
  return <Purchase item={item} initialCount={count} matchId={matchId} />;
}

/** /buy-coaching-credit: coaching sessions, one to start with. */
export function BuyCoachingCreditPage() {
  return <Purchase item={PAYMENT_ITEM.COACHING} initialCount={1} matchId={null} />;
}

function Purchase({
  item,
  initialCount,
  matchId,
}: {
  item: PaymentItem;
  initialCount: number;
  matchId: number | null;
}) {
  const [count, setCount] = useState(initialCount);
  const [coupon, setCoupon] = useState<CouponAnswer | null>(null);
  const [attempt, setAttempt] = useState<Attempt>({ state: 'form' });
  const [busy, setBusy] = useState(false);
  const provider = usePublicKey();
  const match = useMatchCheck(matchId);
  const price = usePrice(item, count, coupon?.code ?? null);
  const pay = usePay();
  const card = useRef<CardEntryHandle>(null);
  const key = useRef(newPaymentKey());
  const title = item === PAYMENT_ITEM.COACHING ? PAGES['buy-coaching-credit'].title : ITEM_LABEL[item];

  if (match.data && !match.data.valid) return <Navigate to="/unauthorize" replace />;
  if (pay.data) {
    return (
      <Paper withBorder p="xl" maw={640}>
        <Stack>
          <Title order={1} fz="h2">
            Thank you
          </Title>
          <Alert color="green" role="status">
            {PAYMENT_MSG.PAID} {formatCents(pay.data.totalCents)} paid.
            {pay.data.creditBalance !== null
              ? ` You have ${pay.data.creditBalance} coaching credit${pay.data.creditBalance === 1 ? '' : 's'}.`
              : ''}
          </Alert>
          {item === PAYMENT_ITEM.COACHING ? (
            <Anchor component={Link} to={pagePath('schedule-coaching-session')}>
              Schedule a coaching session
            </Anchor>
          ) : (
            <Anchor component={Link} to="/">
              Back to the home page
            </Anchor>
          )}
        </Stack>
      </Paper>
    );
  }
  if (!provider.data || (matchId !== null && !match.data)) return <Loader aria-label="Loading" />;
  if (match.data?.feePaid) return <Alert color="blue">{PAYMENT_MSG.FEE_ALREADY_PAID}</Alert>;

  const submit = async () => {
    setBusy(true);
    try {
      const paymentMethodId = await card.current!.paymentMethod();
      await pay.mutateAsync({
        items: { item, count, ...(matchId !== null ? { additionalId: matchId } : {}) },
        currency: 'usd',
        paymentMethodId,
        couponCode: coupon?.code ?? null,
        idempotency_key: key.current,
      });
    } catch (error) {
      if (!(error instanceof CardInputError)) setAttempt(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  const p = price.data;
  return (
    <Stack maw={720}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {item === PAYMENT_ITEM.MATCH_FEE ? <Text>The processing fee of your match {matchId}.</Text> : null}
      {attempt.state === 'failed' ? (
        <PaymentFailed
          attempt={attempt}
          onTryAgain={() => {
            key.current = newPaymentKey();
            setAttempt({ state: 'form' });
          }}
        />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            {item === PAYMENT_ITEM.COACHING ? (
              <NumberInput
                label="Coaching sessions"
                min={1}
                max={ITEM_MAX_COUNT[item]}
                value={count}
                onChange={(v) => setCount(Math.min(Math.max(1, Number(v) || 1), ITEM_MAX_COUNT[item]))}
                w={200}
                allowDecimal={false}
              />
            ) : null}
            <CouponField coupon={coupon} onChange={setCoupon} />
            {p ? (
              <Paper withBorder p="md" maw={460} aria-live="polite">
                <SummaryLine label={`${ITEM_LABEL[item]} x ${p.count}`}>
                  {formatCents(p.subtotalCents)}
                </SummaryLine>
                {p.discountCents > 0 ? (
                  <SummaryLine label={`Coupon (${p.percentOff}% off)`}>
                    -{formatCents(p.discountCents)}
                  </SummaryLine>
                ) : null}
                <SummaryLine label="Total" strong>
                  {formatCents(p.totalCents)}
                </SummaryLine>
              </Paper>
            ) : null}
            <CardEntry ref={card} provider={provider.data} />
            <Button type="submit" loading={busy} disabled={!p} style={{ alignSelf: 'flex-start' }}>
              {p ? `Pay ${formatCents(p.totalCents)}` : 'Pay'}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
