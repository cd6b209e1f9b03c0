import {
  formatCouponCode,
  isLiveSubscription,
  normalizeCouponCode,
  offlineDateAllowed,
  offlinePaymentBody,
  PAYMENT_MSG,
  priceOf,
  SUBSCRIPTION_EVENTS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionEvent,
  type SubscriptionStatus,
  subscriptionStep,
} from '@dm/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The subscription state machine (packages/shared/src/payments.ts subscriptionStep), every event
 * in every state, with auto-renewal on (false) and cancelled (true): the next status and flag, a
 * charge due ('charge'), or the refusal's message.
 */
type Outcome =
  | readonly [SubscriptionStatus, boolean]
  | readonly [SubscriptionStatus, boolean, 'charge']
  | string;
const TABLE: Record<SubscriptionStatus, Record<'on' | 'off', Record<SubscriptionEvent, Outcome>>> = {
  incomplete: {
    on: {
      payment_succeeded: ['active', false],
      payment_failed: ['incomplete', false],
      period_ended: ['canceled', false],
      cancel_at_period_end: PAYMENT_MSG.NO_SUBSCRIPTION,
      reactivate: PAYMENT_MSG.NO_SUBSCRIPTION,
      cancel_now: ['canceled', false],
    },
    off: {
      payment_succeeded: ['active', true],
      payment_failed: ['incomplete', true],
      period_ended: ['canceled', true],
      cancel_at_period_end: PAYMENT_MSG.NO_SUBSCRIPTION,
      reactivate: PAYMENT_MSG.NO_SUBSCRIPTION,
      cancel_now: ['canceled', true],
    },
  },
  trialing: {
    on: {
      payment_succeeded: ['active', false],
      payment_failed: ['past_due', false],
      period_ended: ['trialing', false, 'charge'],
      cancel_at_period_end: ['trialing', true],
      reactivate: PAYMENT_MSG.NOT_CANCELLED,
      cancel_now: ['canceled', false],
    },
    off: {
      payment_succeeded: ['active', true],
      payment_failed: ['past_due', true],
      period_ended: ['canceled', true],
      cancel_at_period_end: PAYMENT_MSG.ALREADY_CANCELLED,
      reactivate: ['trialing', false],
      cancel_now: ['canceled', true],
    },
  },
  active: {
    on: {
      payment_succeeded: ['active', false],
      payment_failed: ['past_due', false],
      period_ended: ['active', false, 'charge'],
      cancel_at_period_end: ['active', true],
      reactivate: PAYMENT_MSG.NOT_CANCELLED,
      cancel_now: ['canceled', false],
    },
    off: {
      payment_succeeded: ['active', true],
      payment_failed: ['past_due', true],
      period_ended: ['canceled', true],
      cancel_at_period_end: PAYMENT_MSG.ALREADY_CANCELLED,
      reactivate: ['active', false],
      cancel_now: ['canceled', true],
    },
  },
  past_due: {
    on: {
      payment_succeeded: ['active', false],
      payment_failed: ['past_due', false],
      period_ended: ['past_due', false, 'charge'],
      cancel_at_period_end: ['past_due', true],
      reactivate: PAYMENT_MSG.NOT_CANCELLED,
      cancel_now: ['canceled', false],
    },
    off: {
      payment_succeeded: ['active', true],
      payment_failed: ['past_due', true],
      period_ended: ['canceled', true],
      cancel_at_period_end: PAYMENT_MSG.ALREADY_CANCELLED,
      reactivate: ['past_due', false],
      cancel_now: ['canceled', true],
    },
  },
  canceled: {
    on: Object.fromEntries(SUBSCRIPTION_EVENTS.map((e) => [e, PAYMENT_MSG.SUBSCRIPTION_ENDED])) as Record<
      SubscriptionEvent,
      Outcome
    >,
    off: Object.fromEntries(SUBSCRIPTION_EVENTS.map((e) => [e, PAYMENT_MSG.SUBSCRIPTION_ENDED])) as Record<
      SubscriptionEvent,
      Outcome
    >,
  },
};

describe('subscription state machine (subscriptionStep)', () => {
  for (const status of SUBSCRIPTION_STATUSES)
    for (const flag of ['on', 'off'] as const)
      for (const event of SUBSCRIPTION_EVENTS)
        it(`${status}, auto-renewal ${flag}: ${event}`, () => {
          const result = subscriptionStep({ status, cancelAtPeriodEnd: flag === 'off' }, event);
          const want = TABLE[status][flag][event];
          if (typeof want === 'string') expect(result).toEqual({ ok: false, reason: want });
          else
            expect(result).toEqual({
              ok: true,
              next: { status: want[0], cancelAtPeriodEnd: want[1] },
              chargeDue: want[2] === 'charge',
            });
        });

  it('canceled is final and the only state that gives no membership, with incomplete', () => {
    expect(SUBSCRIPTION_STATUSES.filter((s) => !isLiveSubscription(s))).toEqual(['incomplete', 'canceled']);
  });
});

describe('prices, coupons and rounding (priceOf)', () => {
  it('is never negative, takes the rounded percent of the total, and adds up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: -20, max: 150 }),
        (unit, count, pct) => {
          const p = priceOf(unit, count, pct);
          const clamped = Math.min(100, Math.max(0, pct));
          expect(p.subtotalCents).toBe(unit * count);
          expect(p.discountCents).toBe(Math.round((unit * count * clamped) / 100));
          expect(p.totalCents).toBe(p.subtotalCents - p.discountCents);
          expect(p.totalCents).toBeGreaterThanOrEqual(0);
          expect(p.discountCents).toBeGreaterThanOrEqual(0);
          expect(p.discountCents).toBeLessThanOrEqual(p.subtotalCents);
          expect(Number.isInteger(p.totalCents)).toBe(true);
          expect(p.currency).toBe('usd');
        },
      ),
    );
  });

  it('rounds half a cent up and refuses fractions of cents', () => {
    expect(priceOf(15_000, 1, 33).discountCents).toBe(4950);
    expect(priceOf(9900, 1, 20)).toMatchObject({ discountCents: 1980, totalCents: 7920 });
    expect(priceOf(5, 1, 50).discountCents).toBe(3);
    expect(priceOf(9900, 1, 100).totalCents).toBe(0);
    expect(() => priceOf(10.5, 1)).toThrow();
    expect(() => priceOf(100, -1)).toThrow();
  });

  it('coupon codes: spaces removed and upper case, shown in groups of 4', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aB3 x-Z9'), maxLength: 30 }), (raw) => {
        const code = normalizeCouponCode(raw);
        expect(code).not.toMatch(/\s/);
        expect(code).toBe(code.toUpperCase());
        expect(normalizeCouponCode(formatCouponCode(raw))).toBe(code);
        for (const group of formatCouponCode(raw).split(' ').slice(0, -1)) expect(group).toHaveLength(4);
      }),
    );
    expect(formatCouponCode(' save 2026abcd ')).toBe('SAVE 2026 ABCD');
  });
});

describe('offline payments: dates and message', () => {
  it('dates run from about 30 years back up to today', () => {
    expect(offlineDateAllowed('2026-05-01', '2026-05-01')).toBe(true);
    expect(offlineDateAllowed('2026-05-02', '2026-05-01')).toBe(false);
    expect(offlineDateAllowed('1996-05-01', '2026-05-01')).toBe(true);
    expect(offlineDateAllowed('1996-04-30', '2026-05-01')).toBe(false);
    expect(offlineDateAllowed('2026-02-31x', '2026-05-01')).toBe(false);
  });

  it('the message may not be blank; the mode defaults to Cheque', () => {
    const blank = offlinePaymentBody.safeParse({ match_id: 1, payment_date: '2026-01-01', message: '  ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(PAYMENT_MSG.OFFLINE_MESSAGE_BLANK);
    const ok = offlinePaymentBody.parse({ match_id: 1, payment_date: '2026-01-01', message: ' paid ' });
    expect(ok).toMatchObject({ payment_mode: 'Cheque', message: 'paid' });
  });
});
