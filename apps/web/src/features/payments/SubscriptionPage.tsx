import { type CouponAnswer, formatCents, formatDate, PAGES, pagePath, priceOf } from '@dm/shared';
import { Alert, Anchor, Button, Checkbox, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { CardEntry, type CardEntryHandle, CardInputError } from './CardEntry';
import { type Attempt, CouponField, failureOf, PaymentFailed, SummaryLine } from './PaymentParts';
import { newPaymentKey, useEligibility, usePricingPlan, usePublicKey, useSubscribe } from './queries';

/**
 * /paymentsubscription: the premium membership (first month free, then $99 a month, up to 40
 * donor candidates). The prices and dates are the server's; the card goes to the provider's card
 * entry; a refusal hides the form and offers try again. Not eligible (already a member): the
 * server's message and home.
 */
export default function SubscriptionPage() {
  const navigate = useNavigate();
  const eligibility = useEligibility();
  const plan = usePricingPlan();
  const provider = usePublicKey();
  const subscribe = useSubscribe();
  const card = useRef<CardEntryHandle>(null);
  const [coupon, setCoupon] = useState<CouponAnswer | null>(null);
  const [education, setEducation] = useState(false);
  const [attempt, setAttempt] = useState<Attempt>({ state: 'form' });
  const [busy, setBusy] = useState(false);
  const key = useRef(newPaymentKey());
  // Once she has paid here, her new membership makes her ineligible: that is no reason to leave.
  const paying = useRef(false);

  useEffect(() => {
    if (eligibility.data && !eligibility.data.eligible && !paying.current) {
      notify('warning', eligibility.data.message ?? 'You cannot buy a membership now.');
      navigate('/', { replace: true });
    }
  }, [eligibility.data, navigate]);

  if (subscribe.data) {
    return (
      <Paper withBorder p="xl" maw={640}>
        <Stack>
          <Title order={1} fz="h2">
            Welcome to premium
          </Title>
          <Alert color="green" role="status">
            Your premium membership is{' '}
            {subscribe.data.status === 'trialing' ? 'active: your free month has started' : 'active'}.
            {subscribe.data.trialEnd
              ? ` Your first payment is on ${formatDate(subscribe.data.trialEnd.slice(0, 10))}.`
              : ''}
          </Alert>
          <Anchor component={Link} to="/">
            Start searching donors
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  if (!plan.data || !provider.data || !eligibility.data) return <Loader aria-label="Loading" />;

  const p = plan.data;
  const firstPaid = priceOf(p.priceCents, 1, coupon?.percentOff ?? 0);
  const pay = async () => {
    setBusy(true);
    paying.current = true;
    try {
      const paymentMethod = await card.current!.paymentMethod();
      await subscribe.mutateAsync({
        payment_method: paymentMethod,
        couponCode: coupon?.code ?? null,
        receive_education_email: education,
        idempotency_key: key.current,
      });
    } catch (error) {
      // A card the entry refused stays on the form; a refused payment is the error screen.
      if (!(error instanceof CardInputError)) setAttempt(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  const tryAgain = () => {
    key.current = newPaymentKey();
    setAttempt({ state: 'form' });
  };

  return (
    <Stack maw={720}>
      <Title order={1} fz="h2">
        {PAGES.paymentsubscription.title}
      </Title>
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Text fw={700}>Premium membership</Text>
          <List size="sm">
            {p.trialApplies ? <List.Item>The first month is free</List.Item> : null}
            <List.Item>Then {formatCents(p.priceCents)} per month; cancel auto-renewal at any time</List.Item>
            <List.Item>A portfolio of up to {p.maxDonors} donor candidates</List.Item>
          </List>
          <SummaryLine label="Today">{formatCents(p.trialApplies ? 0 : firstPaid.totalCents)}</SummaryLine>
          <SummaryLine label="First payment date">{formatDate(p.firstChargeDate)}</SummaryLine>
          <SummaryLine label="First paid month" strong>
            {formatCents(firstPaid.totalCents)}
            {coupon ? ` (${coupon.percentOff}% off)` : ''}
          </SummaryLine>
        </Stack>
      </Paper>
      {attempt.state === 'failed' ? (
        <PaymentFailed attempt={attempt} onTryAgain={tryAgain} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
        >
          <Stack>
            <CouponField coupon={coupon} onChange={setCoupon} />
            <CardEntry ref={card} provider={provider.data} />
            <Checkbox
              label="Send me education resources by e-mail"
              checked={education}
              onChange={(e) => setEducation(e.currentTarget.checked)}
            />
            <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
              {p.trialApplies ? 'Start my free month' : `Subscribe for ${formatCents(firstPaid.totalCents)}`}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/**
 * /join-as-a-member/{fromwpsite?}: a visitor goes to client registration (the spec's
 * join-as-a-member/1); a signed-in client of a center with payments buys the membership here.
 */
export function JoinAsMemberPage() {
  const { user } = useSession();
  if (!user) return <Navigate to={pagePath('userregister', { usertype: 9 })} replace />;
  return <SubscriptionPage />;
}
