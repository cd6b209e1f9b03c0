import { createHash, randomBytes } from 'node:crypto';
import { cardExpiryValid, PAYMENT_MSG, TEST_CARDS } from '@dm/shared';
import type { SecretBox } from './crypto.js';
import {
  type CardSummary,
  type Charge,
  PaymentError,
  type PaymentProvider,
  type ProviderSubscription,
} from './payments-types.js';

/**
 * PAYMENT_PROVIDER=local (the default): a provider that behaves like Stripe's test mode without
 * any account and moves no money, so the whole flow works on a demo. Card entry is its own
 * concern, as with Stripe: the browser sends the card to `tokenizeLocalCard` (POST
 * payment-services/local/tokenize), which answers a payment method id, `pm_local_<payload>.<sig>`:
 * the brand, last 4 and test outcome, signed with the app secret. Nothing stores the number.
 * The app's own rows are the truth of its subscriptions (it renews them with its job).
 */

const TOKEN_PURPOSE = 'local-payment-method';
const DAY_MS = 86_400_000;

/** The outcome a test card gives: 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 lacks funds. */
type Outcome = 'pays' | 'declined' | 'insufficient_funds';

interface TokenPayload {
  b: string;
  l: string;
  o: Outcome;
  n: string;
}

function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  return 'card';
}

function outcomeOf(number: string): Outcome {
  if (number === TEST_CARDS.DECLINED) return 'declined';
  if (number === '4000000000009995') return 'insufficient_funds';
  return 'pays';
}

/**
 * The local provider's card entry: checks the expiry (the number's form and Luhn check are the
 * request schema's) and answers a signed payment method id and what is kept of the card. The
 * number goes no further than this function.
 */
export function tokenizeLocalCard(
  secrets: SecretBox,
  card: { number: string; exp: string },
  today: Date,
): { id: string } & CardSummary {
  if (!cardExpiryValid(card.exp, today))
    throw new PaymentError('card_error', PAYMENT_MSG.CARD_EXPIRY, 'expired_card');
  const payload: TokenPayload = {
    b: brandOf(card.number),
    l: card.number.slice(-4),
    o: outcomeOf(card.number),
    n: randomBytes(6).toString('base64url'),
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return {
    id: `pm_local_${encoded}.${secrets.sign(TOKEN_PURPOSE, encoded)}`,
    brand: payload.b,
    last4: payload.l,
  };
}

function readToken(secrets: SecretBox, id: string): TokenPayload {
  const m = /^pm_local_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(id);
  if (!m || !secrets.verifySigned(TOKEN_PURPOSE, m[1]!, m[2]!))
    throw new PaymentError('card_error', PAYMENT_MSG.PAYMENT_METHOD, 'invalid_payment_method');
  return JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as TokenPayload;
}

/** Refuses the card as Stripe's test mode does for its decline numbers. */
function checkCard(token: TokenPayload): CardSummary {
  if (token.o === 'declined')
    throw new PaymentError('card_error', PAYMENT_MSG.CARD_DECLINED, 'card_declined');
  if (token.o === 'insufficient_funds')
    throw new PaymentError('card_error', 'Your card has insufficient funds.', 'insufficient_funds');
  return { brand: token.b, last4: token.l };
}

/** A reference that one idempotency key always gives: a retried call makes the same charge. */
const refOf = (prefix: string, key: string) =>
  `${prefix}_local_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

const addMonths = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

export function localProvider(secrets: SecretBox): PaymentProvider {
  return {
    name: 'local',
    publicKey: 'pk_local_test',
    renewsItself: false,
    async createCustomer(input) {
      const card = checkCard(readToken(secrets, input.paymentMethodId));
      return { customerId: refOf('cus', input.idempotencyKey), card };
    },
    async attachCard(_customerId, paymentMethodId) {
      return checkCard(readToken(secrets, paymentMethodId));
    },
    async createSubscription(input): Promise<ProviderSubscription> {
      const token = readToken(secrets, input.paymentMethodId);
      const trial = input.trialDays > 0;
      if (!trial) checkCard(token);
      const periodEnd = addMonths(input.now, trial ? input.trialDays : 30);
      return {
        id: refOf('sub', input.idempotencyKey),
        status: trial ? 'trialing' : 'active',
        cancelAtPeriodEnd: false,
        trialEnd: trial ? periodEnd : null,
        currentPeriodStart: input.now,
        currentPeriodEnd: periodEnd,
        firstChargeRef: trial ? null : refOf('in', input.idempotencyKey),
      };
    },
    retrieveSubscription: async () => null,
    setCancelAtPeriodEnd: async () => null,
    cancelNow: async () => {},
    async charge(input): Promise<Charge> {
      checkCard(readToken(secrets, input.paymentMethodId));
      return {
        ref: refOf('pi', input.idempotencyKey),
        amountCents: input.amountCents,
        metadata: input.metadata,
      };
    },
    retrieveCharge: async () => null,
    parseWebhook() {
      throw new PaymentError('error', 'The local payment provider sends no webhooks.');
    },
  };
}
