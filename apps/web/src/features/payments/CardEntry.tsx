import { PAYMENT_MSG, type PublicKeyAnswer, TEST_CARDS, tokenizeCardBody } from '@dm/shared';
import { Group, Input, Text, TextInput } from '@mantine/core';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { messageOf, useZodForm } from '../../lib/form';
import { tokenizeCard } from './queries';

/**
 * The card entry is the payment provider's concern (decision 023): the page asks it for a payment
 * method id and never holds a card number itself.
 * - local: three fields whose values go to payment-services/local/tokenize only (never to any
 *   other call, the log or storage); the answer is a signed pm_ id with brand and last 4.
 * - stripe: Stripe.js's card element in Stripe's own frame, loaded on demand from Stripe; the
 *   number never reaches this app. (Not reachable from this machine's tests: no internet.)
 */
/** The card as entered is not valid: the card entry shows why on its fields; the page keeps its form. */
export class CardInputError extends Error {}

export interface CardEntryHandle {
  /** The payment method id of the card entered; throws with the message to show when it is not valid. */
  paymentMethod(): Promise<string>;
}

export const CardEntry = forwardRef<CardEntryHandle, { provider: PublicKeyAnswer }>(function CardEntry(
  { provider },
  ref,
) {
  return provider.provider === 'stripe' ? (
    <StripeCard ref={ref} publicKey={provider.publicKey} />
  ) : (
    <LocalCard ref={ref} />
  );
});

const LocalCard = forwardRef<CardEntryHandle>(function LocalCard(_props, ref) {
  const { form } = useZodForm(tokenizeCardBody, { number: '', exp: '', cvc: '' });
  useImperativeHandle(ref, () => ({
    async paymentMethod() {
      const checked = form.validate();
      if (checked.hasErrors) throw new CardInputError(PAYMENT_MSG.PAYMENT_METHOD);
      try {
        const token = await tokenizeCard(form.getValues());
        return token.id;
      } catch (error) {
        form.setFieldError('exp', messageOf(error));
        throw new CardInputError(messageOf(error));
      }
    },
  }));
  return (
    <Input.Wrapper
      label="Card"
      description={`Test mode: ${groups(TEST_CARDS.PAYS)} pays, ${groups(TEST_CARDS.DECLINED)} is declined.`}
    >
      <Group align="flex-start" gap="sm" mt={4}>
        <TextInput
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          aria-required
          style={{ flex: 2, minWidth: 200 }}
          {...form.getInputProps('number')}
        />
        <TextInput
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          aria-required
          w={120}
          {...form.getInputProps('exp')}
        />
        <TextInput
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          aria-required
          w={90}
          {...form.getInputProps('cvc')}
        />
      </Group>
    </Input.Wrapper>
  );
});

const groups = (n: string) => (n.match(/.{1,4}/g) ?? []).join(' ');

// --- Stripe.js, loaded only when the provider is Stripe

interface StripeJs {
  elements(): { create(kind: 'card'): StripeElement };
  createPaymentMethod(o: { type: 'card'; card: StripeElement }): Promise<{
    paymentMethod?: { id: string };
    error?: { message?: string };
  }>;
}
interface StripeElement {
  mount(el: HTMLElement): void;
  destroy(): void;
}

let stripeScript: Promise<void> | null = null;
function loadStripeJs(): Promise<void> {
  stripeScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3';
    script.onload = () => resolve();
    script.onerror = () => {
      stripeScript = null;
      reject(new Error(PAYMENT_MSG.PROVIDER_ERROR));
    };
    document.head.appendChild(script);
  });
  return stripeScript;
}

const StripeCard = forwardRef<CardEntryHandle, { publicKey: string }>(function StripeCard(
  { publicKey },
  ref,
) {
  const holder = useRef<HTMLDivElement>(null);
  const parts = useRef<{ stripe: StripeJs; card: StripeElement } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let card: StripeElement | null = null;
    loadStripeJs()
      .then(() => {
        const stripe = (window as unknown as { Stripe: (key: string) => StripeJs }).Stripe(publicKey);
        card = stripe.elements().create('card');
        if (holder.current) card.mount(holder.current);
        parts.current = { stripe, card };
      })
      .catch((e: unknown) => setError(messageOf(e)));
    return () => card?.destroy();
  }, [publicKey]);
  useImperativeHandle(ref, () => ({
    async paymentMethod() {
      if (!parts.current) throw new Error(PAYMENT_MSG.PROVIDER_ERROR);
      const result = await parts.current.stripe.createPaymentMethod({
        type: 'card',
        card: parts.current.card,
      });
      if (!result.paymentMethod) {
        const message = result.error?.message ?? PAYMENT_MSG.PAYMENT_METHOD;
        setError(message);
        throw new CardInputError(message);
      }
      return result.paymentMethod.id;
    },
  }));
  return (
    <Input.Wrapper label="Card" error={error}>
      <div
        ref={holder}
        style={{ padding: 10, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
      />
      <Text size="xs" c="dimmed">
        Your card details go to Stripe directly.
      </Text>
    </Input.Wrapper>
  );
});
