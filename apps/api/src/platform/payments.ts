import type { Config } from './config.js';
import type { SecretBox } from './crypto.js';
import type { PaymentProvider } from './payments-types.js';

export * from './payments-types.js';

const providers = new WeakMap<Config, Promise<PaymentProvider>>();

/**
 * The configured provider (PAYMENT_PROVIDER; the interface is payments-types.ts), made once per
 * configuration: local (payments-local.ts, the default) or Stripe (payments-stripe.ts). Each is
 * imported on first use, and the stripe package only with PAYMENT_PROVIDER=stripe, so a process on
 * the local provider never loads it.
 */
export function paymentProviderOf(config: Config, secrets: SecretBox): Promise<PaymentProvider> {
  let provider = providers.get(config);
  if (!provider) {
    provider =
      config.paymentProvider === 'stripe'
        ? import('./payments-stripe.js').then((m) => m.stripeProvider(config))
        : import('./payments-local.js').then((m) => m.localProvider(secrets));
    providers.set(config, provider);
  }
  return provider;
}
