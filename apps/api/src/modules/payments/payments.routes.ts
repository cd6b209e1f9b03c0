import {
  agencyBillsBody,
  checkMatchBody,
  createCustomerBody,
  offlineDetailsBody,
  offlineHistoryBody,
  offlinePaymentBody,
  PAYMENT_MSG,
  type PageKey,
  payBody,
  subscriptionBody,
  tokenizeCardBody,
  totalItemsPriceBody,
  unpaidInvoicesBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import { sendCsv } from '../../platform/csv.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok } from '../../platform/envelope.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import * as schemas from './payments.schemas.js';
import * as service from './payments.service.js';
import * as staff from './payments.staff.js';
import * as subscription from './payments.subscription.js';
import { processWebhook } from './payments.webhooks.js';

/** The consumer center's paying pages (the page table keeps other centers' and secondary parents out). */
const PAYING: readonly PageKey[] = [
  'paymentsubscription',
  'join-as-a-member',
  'purchaseproducts',
  'buy-coaching-credit',
];
const SUBSCRIBE: readonly PageKey[] = ['paymentsubscription', 'join-as-a-member'];
const PURCHASE: readonly PageKey[] = ['purchaseproducts', 'buy-coaching-credit'];
/** The subscription tab of /editprofile (primary clients of centers with payments: the service checks). */
const PROFILE: readonly PageKey[] = ['editprofile'];
const HISTORY: readonly PageKey[] = ['payment-history'];
const UNPAID: readonly PageKey[] = ['unpaid-invoices'];
const OFFLINE: readonly PageKey[] = ['payment-history', 'unpaid-invoices'];

export const paymentsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  callRoutes(app, deps, PAYING, [
    [
      '/payment-services/public-key',
      "The payment provider and the key of the browser's card entry",
      null,
      schemas.publicKeyAnswer,
      undefined,
      service.publicKey,
    ],
    [
      '/payment-services/local/tokenize',
      'The local provider: a card (a test number) as a payment method id; only brand and last 4 are kept',
      tokenizeCardBody,
      schemas.cardToken,
      undefined,
      service.tokenizeCard,
    ],
    [
      '/getmanagerid',
      "The caller's case manager, or the center's default one",
      null,
      z.object({ managerId: z.number().nullable() }),
      undefined,
      service.managerId,
    ],
  ]);
  jsonRoute(app, 'GET /verifycouponcode/:code', PAYING, {
    summary: 'A coupon code (spaces removed): its percent off; invalid or expired 400',
    params: schemas.couponParams,
    data: schemas.couponAnswer,
    run: (auth, { params }) => service.verifyCoupon(deps, auth, params.code),
    message: PAYMENT_MSG.COUPON_APPLIED,
  });

  callRoutes(app, deps, SUBSCRIBE, [
    [
      '/fetchsubpricingplan',
      'The premium plan and whether the free month applies',
      null,
      schemas.pricingPlanAnswer,
      undefined,
      service.pricingPlan,
    ],
    [
      '/iseligibleforpurchase',
      'Whether the caller may buy a membership (reads trial_used)',
      null,
      schemas.eligibilityAnswer,
      undefined,
      service.eligibility,
    ],
    [
      '/payment-services/create-customer',
      'The customer, her card and the premium subscription (free first month once); the member becomes Active',
      createCustomerBody,
      schemas.subscriptionAnswer,
      PAYMENT_MSG.SUBSCRIBED,
      service.subscribe,
    ],
    [
      '/payment-services/subscription',
      "The caller's subscription as the provider has it now",
      subscriptionBody,
      schemas.subscriptionAnswer,
      undefined,
      (d, auth, body) => service.completeSubscription(d, auth, body.subscriptionId),
    ],
  ]);

  callRoutes(app, deps, PURCHASE, [
    [
      '/fetchtotalitemsprice',
      "The server's price of a purchase (coupon percent off, rounded)",
      totalItemsPriceBody,
      schemas.priceAnswer,
      undefined,
      service.totalItemsPrice,
    ],
    [
      '/checkforvalidmatchid',
      "Whether the match is the caller's own open match",
      checkMatchBody,
      z.object({ valid: z.boolean(), feePaid: z.boolean() }),
      undefined,
      service.checkMatch,
    ],
    [
      '/payment-services/pay',
      'Pay for coaching sessions or a match processing fee (once per idempotency key)',
      payBody,
      schemas.payAnswer,
      PAYMENT_MSG.PAID,
      service.pay,
    ],
  ]);

  callRoutes(app, deps, PROFILE, [
    [
      '/checksubscriptionstatus',
      "The member's subscription (profile tab)",
      null,
      schemas.subscriptionDetailsAnswer,
      undefined,
      subscription.subscriptionDetails,
    ],
    [
      '/fetchbills',
      "The member's bills",
      null,
      z.array(schemas.billRow),
      undefined,
      subscription.memberBills,
    ],
    [
      '/cancelsubscription',
      'Cancel auto-renewal (cancel_at_period_end 1): the member, or staff for a client ({parentid})',
      schemas.cancelSubscriptionBody,
      schemas.cancelAnswer,
      PAYMENT_MSG.AUTO_RENEW_CANCELLED,
      subscription.cancelSubscription,
    ],
    // The spec's GET: a POST here, as every change is (a link or image cannot make it).
    [
      '/reactivatecanceledsubs',
      'Auto-renewal on again (cancel_at_period_end 0)',
      z.object({}),
      schemas.cancelAnswer,
      PAYMENT_MSG.REACTIVATED,
      subscription.reactivateSubscription,
    ],
  ]);

  callRoutes(
    app,
    deps,
    ['viewclient', 'viewip'],
    [
      [
        '/fetchclientcurrentsubscriptionstatus',
        "A client's live subscription (staff, archiving her)",
        schemas.clientStatusBody,
        schemas.clientSubscriptionStatus,
        undefined,
        (d, auth, body) => subscription.clientSubscriptionStatus(d, auth, body.userid),
      ],
    ],
  );

  callRoutes(app, deps, HISTORY, [
    [
      '/fetchagencycmbill',
      "The bills of the agency's (a case manager: her own) intended parents",
      agencyBillsBody,
      schemas.billList,
      undefined,
      staff.agencyBills,
    ],
    [
      '/fetchallofflinepaymenthistorybydonorcenter',
      "The agency's offline payments (admin)",
      offlineHistoryBody,
      schemas.offlineList,
      undefined,
      staff.offlineHistory,
    ],
  ]);
  callRoutes(app, deps, UNPAID, [
    [
      '/fetchunpaidinvoices',
      "Unpaid match fees of the agency's donors",
      unpaidInvoicesBody,
      schemas.unpaidList,
      undefined,
      (d, auth, body) => staff.unpaidInvoiceList(d, auth, body, 'donor'),
    ],
    [
      '/fetchunpaidinvoicesbyipcenter',
      "Unpaid fees and bills of the agency's intended parents",
      unpaidInvoicesBody,
      schemas.unpaidList,
      undefined,
      (d, auth, body) => staff.unpaidInvoiceList(d, auth, body, 'ip'),
    ],
  ]);
  callRoutes(app, deps, OFFLINE, [
    [
      '/fetchofflinepaymentdetails',
      'One offline payment (admin)',
      offlineDetailsBody,
      schemas.offlineDetails,
      undefined,
      staff.offlineDetails,
    ],
    [
      '/paysubscriptionchargesoffline',
      'Record an offline payment of an unpaid invoice (admin)',
      offlinePaymentBody,
      z.object({ id: z.number(), billId: z.number() }),
      PAYMENT_MSG.OFFLINE_RECORDED,
      staff.recordOfflinePayment,
    ],
  ]);

  // CSV exports of the grids (streamed; the same filters as the grid).
  const csv = <B extends z.ZodType>(
    url: string,
    pages: readonly PageKey[],
    body: B,
    file: string,
    header: readonly string[],
    rows: (auth: ReturnType<typeof requireAuth>, body: z.output<B>) => AsyncIterable<readonly unknown[][]>,
  ) =>
    app.post(
      url,
      { config: { access: { pages } }, schema: { summary: `${file} as a streamed CSV file`, body } },
      async (request, reply) =>
        sendCsv(reply, file, header, rows(requireAuth(request), request.body as z.output<B>)),
    );
  csv(
    '/fetchagencycmbillcsv',
    HISTORY,
    agencyBillsBody,
    'payment-history.csv',
    staff.BILL_CSV_HEADER,
    (auth, b) => staff.agencyBillCsvRows(deps, auth, b),
  );
  csv(
    '/fetchunpaidinvoicescsv',
    UNPAID,
    unpaidInvoicesBody,
    'unpaid-invoices-donors.csv',
    staff.UNPAID_CSV_HEADER,
    (auth, b) => staff.unpaidCsvRows(deps, auth, b, 'donor'),
  );
  csv(
    '/fetchunpaidinvoicesbyipcentercsv',
    UNPAID,
    unpaidInvoicesBody,
    'unpaid-invoices-parents.csv',
    staff.UNPAID_CSV_HEADER,
    (auth, b) => staff.unpaidCsvRows(deps, auth, b, 'ip'),
  );
  csv(
    '/fetchofflinepaymentscsv',
    HISTORY,
    offlineHistoryBody,
    'offline-payments.csv',
    staff.OFFLINE_CSV_HEADER,
    (auth, b) => staff.offlineCsvRows(deps, auth, b),
  );

  // The provider's webhooks: the raw body (its signature covers the exact bytes), no session.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    hooks.post(
      '/payment-services/webhook',
      {
        config: { access: { public: true } },
        schema: { summary: 'Payment provider webhook (signature checked; each event once)' },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const answer = await processWebhook(
          deps,
          String(request.body ?? ''),
          typeof signature === 'string' ? signature : undefined,
        );
        return ok(answer);
      },
    );
  });
};
