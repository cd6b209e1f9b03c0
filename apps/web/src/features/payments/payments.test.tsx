import { PAYMENT_MSG, ROLE } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import EditProfilePage from '../profile/EditProfilePage';
import PurchasePage from './PurchasePage';
import SubscriptionPage from './SubscriptionPage';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify }));
beforeEach(() => notify.mockClear());

const member = sessionUser({
  userId: 40,
  role: ROLE.CLIENT,
  status: 'Pre-Active',
  center: { ...sessionUser().center, id: 111, payments: true, consumerSite: true, preActiveAccess: true },
});
const PLAN = {
  priceCents: 9900,
  trialDays: 30,
  maxDonors: 40,
  currency: 'usd',
  firstChargeDate: '2026-06-30',
  trialApplies: true,
};
const location = () => screen.getByTestId('location').textContent;

const subscriptionApi = (createCustomer: (r: StubRequest) => ReturnType<typeof ok>) => ({
  me: ok(member),
  iseligibleforpurchase: ok({ eligible: true, trialUsed: false, message: null }),
  fetchsubpricingplan: ok(PLAN),
  'payment-services/public-key': ok({ provider: 'local', publicKey: 'pk_local_test' }),
  'payment-services/local/tokenize': ok({ id: 'pm_local_abc.sig', brand: 'visa', last4: '4242' }),
  'verifycouponcode/NOPE': fail(400, PAYMENT_MSG.COUPON_INVALID, { field: 'couponCode' }),
  'payment-services/create-customer': createCustomer,
});

async function fillCard(number = '4242 4242 4242 4242') {
  fireEvent.change(await screen.findByLabelText(/Card number/), { target: { value: number } });
  fireEvent.change(screen.getByLabelText(/Expiry/), { target: { value: '12/40' } });
  fireEvent.change(screen.getByLabelText(/CVC/), { target: { value: '123' } });
}

describe('/paymentsubscription', () => {
  it('shows the server’s plan and marks an invalid coupon', async () => {
    renderPage(<SubscriptionPage />, { route: '/paymentsubscription', api: subscriptionApi(() => ok(null)) });
    expect(await screen.findByText('The first month is free')).toBeTruthy();
    expect(screen.getByText(/\$99\.00 per month/)).toBeTruthy();
    expect(screen.getByText('06/30/2026')).toBeTruthy();
    const coupon = screen.getByLabelText('Coupon code');
    fireEvent.change(coupon, { target: { value: 'nope' } });
    expect((coupon as HTMLInputElement).value).toBe('NOPE');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(PAYMENT_MSG.COUPON_INVALID)).toBeTruthy();
    expect(coupon.getAttribute('aria-invalid')).toBe('true');
  });

  it('a declined card hides the form, shows the message and tries again with a new key', async () => {
    const keys: string[] = [];
    const { requests } = renderPage(<SubscriptionPage />, {
      route: '/paymentsubscription',
      api: subscriptionApi((r) => {
        keys.push((r.body as { idempotency_key: string }).idempotency_key);
        return fail(400, PAYMENT_MSG.CARD_DECLINED, { type: 'card_error', hideTryAgain: false });
      }),
    });
    await fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: 'Start my free month' }));
    expect(await screen.findByText(PAYMENT_MSG.CARD_DECLINED)).toBeTruthy();
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    // The card number went to the tokenize call only.
    const create = requests.find((r) => r.name === 'payment-services/create-customer')!;
    expect(JSON.stringify(create.body)).not.toContain('4000');
    expect(create.body).toMatchObject({ payment_method: 'pm_local_abc.sig' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Start my free month' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('offers no try again when the server says hideTryAgain', async () => {
    renderPage(<SubscriptionPage />, {
      route: '/paymentsubscription',
      api: subscriptionApi(() =>
        fail(400, PAYMENT_MSG.ALREADY_SUBSCRIBED, { type: 'error', hideTryAgain: true }),
      ),
    });
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Start my free month' }));
    expect(await screen.findByText(PAYMENT_MSG.ALREADY_SUBSCRIBED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('an ineligible member gets the server’s message and goes home', async () => {
    renderPage(<SubscriptionPage />, {
      route: '/paymentsubscription',
      api: {
        ...subscriptionApi(() => ok(null)),
        iseligibleforpurchase: ok({
          eligible: false,
          trialUsed: true,
          message: PAYMENT_MSG.ALREADY_SUBSCRIBED,
        }),
      },
    });
    await waitFor(() => expect(location()).toBe('/'));
    expect(notify).toHaveBeenCalledWith('warning', PAYMENT_MSG.ALREADY_SUBSCRIBED);
  });
});

describe('/purchaseproducts', () => {
  it('sends an invalid match id to /unauthorize', async () => {
    renderPage(<PurchasePage />, {
      route: '/purchaseproducts/2/1/77',
      path: '/purchaseproducts/:item/:count/:additionalId?',
      api: {
        me: ok({ ...member, status: 'Active' }),
        'payment-services/public-key': ok({ provider: 'local', publicKey: 'pk_local_test' }),
        checkforvalidmatchid: ok({ valid: false, feePaid: false }),
      },
    });
    await waitFor(() => expect(location()).toBe('/unauthorize'));
  });

  it('shows the server’s total for the count chosen', async () => {
    renderPage(<PurchasePage />, {
      route: '/purchaseproducts/1/2',
      path: '/purchaseproducts/:item/:count/:additionalId?',
      api: {
        me: ok({ ...member, status: 'Active' }),
        'payment-services/public-key': ok({ provider: 'local', publicKey: 'pk_local_test' }),
        fetchtotalitemsprice: (r) => {
          const count = (r.body as { count: number }).count;
          return ok({
            unitCents: 15000,
            count,
            subtotalCents: 15000 * count,
            discountCents: 0,
            totalCents: 15000 * count,
            percentOff: 0,
            currency: 'usd',
          });
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'Pay $300.00' })).toBeTruthy();
  });
});

describe('/editprofile/subscriptiondetails', () => {
  it('shows the membership and turns auto-renewal back on', async () => {
    const active = { ...member, status: 'Active' as const };
    const { requests } = renderPage(<EditProfilePage />, {
      route: '/editprofile/subscriptiondetails',
      path: '/editprofile/:tab?',
      api: {
        me: ok(active),
        checksubscriptionstatus: ok({
          trialUsed: true,
          subscription: {
            id: 1,
            status: 'trialing',
            cancelAtPeriodEnd: true,
            priceCents: 9900,
            trialEnd: '2026-06-30T00:00:00.000Z',
            currentPeriodEnd: '2026-06-30T00:00:00.000Z',
            nextPaymentDate: null,
            cardBrand: 'visa',
            cardLast4: '4242',
            createdAt: '2026-05-31T00:00:00.000Z',
          },
        }),
        fetchbills: ok([]),
        reactivatecanceledsubs: ok({ cancelAtPeriodEnd: false }, PAYMENT_MSG.REACTIVATED),
      },
    });
    expect(await screen.findByText('Free month')).toBeTruthy();
    expect(screen.getByText(/ends on 06\/30\/2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate auto-renewal' }));
    await waitFor(() =>
      expect(requests.some((r) => r.name === 'reactivatecanceledsubs' && r.method === 'POST')).toBe(true),
    );
  });

  it('is offered to primary clients of a center with payments only', async () => {
    renderPage(<EditProfilePage />, {
      route: '/editprofile',
      path: '/editprofile/:tab?',
      api: { me: ok(sessionUser({ role: ROLE.CLIENT })), getsecondaryintendedparent: ok(null) },
    });
    await screen.findByRole('tablist');
    expect(screen.queryByRole('tab', { name: 'Subscription details' })).toBeNull();
  });
});
