import type {
  AgencyBillsBody,
  BillList,
  BillRow,
  ClientSubscriptionStatus,
  CouponAnswer,
  CreateCustomerBody,
  OfflineHistoryBody,
  OfflinePaymentBody,
  OfflinePaymentDetails,
  OfflinePaymentList,
  PayAnswer,
  PayBody,
  PriceBreakdown,
  PricingPlan,
  PublicKeyAnswer,
  PurchaseEligibility,
  SubscriptionAnswer,
  SubscriptionDetails,
  TokenizeCardBody,
  UnpaidInvoiceList,
  UnpaidInvoicesBody,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../lib/api';
import { sessionKey } from '../../lib/session';

export const paymentKeys = {
  all: ['payments'] as const,
  publicKey: ['payments', 'public-key'] as const,
  plan: ['payments', 'plan'] as const,
  eligibility: ['payments', 'eligibility'] as const,
  price: (item: number, count: number, coupon: string | null) =>
    ['payments', 'price', item, count, coupon] as const,
  match: (id: number) => ['payments', 'match', id] as const,
  subscription: ['payments', 'subscription'] as const,
  bills: ['payments', 'bills'] as const,
  agencyBills: (q: AgencyBillsBody) => ['payments', 'agency-bills', q] as const,
  unpaid: (side: 'donor' | 'ip', q: UnpaidInvoicesBody) => ['payments', 'unpaid', side, q] as const,
  offline: (q: OfflineHistoryBody) => ['payments', 'offline', q] as const,
  offlineDetails: (id: number) => ['payments', 'offline-details', id] as const,
};

/** A new idempotency key for one payment attempt ("try again" makes another). */
export const newPaymentKey = () => crypto.randomUUID().replace(/-/g, '');

export const usePublicKey = () =>
  useQuery({
    queryKey: paymentKeys.publicKey,
    queryFn: () => api<PublicKeyAnswer>('payment-services/public-key'),
    staleTime: Infinity,
  });

export const usePricingPlan = () =>
  useQuery({ queryKey: paymentKeys.plan, queryFn: () => api<PricingPlan>('fetchsubpricingplan') });

export const useEligibility = () =>
  useQuery({
    queryKey: paymentKeys.eligibility,
    queryFn: () => api<PurchaseEligibility>('iseligibleforpurchase'),
    staleTime: 0,
  });

/** GET verifycouponcode/{code}: the caller shows a refusal on the field (silent). */
export const verifyCoupon = (code: string) =>
  api<CouponAnswer>(`verifycouponcode/${encodeURIComponent(code)}`, { silent: true });

/** The local provider's card entry: the card goes to the tokenize call, a pm_ id comes back. */
export const tokenizeCard = (card: TokenizeCardBody) =>
  api<{ id: string; brand: string; last4: string }>('payment-services/local/tokenize', {
    body: card,
    silent: true,
  });

export function usePrice(item: 1 | 2, count: number, couponCode: string | null) {
  return useQuery({
    queryKey: paymentKeys.price(item, count, couponCode),
    queryFn: () =>
      api<PriceBreakdown>('fetchtotalitemsprice', { body: { item, count, couponCode }, silent: true }),
    enabled: count > 0,
    placeholderData: keepPreviousData,
  });
}

export function useMatchCheck(matchId: number | null) {
  return useQuery({
    queryKey: paymentKeys.match(matchId ?? 0),
    queryFn: () =>
      api<{ valid: boolean; feePaid: boolean }>('checkforvalidmatchid', { body: { match_id: matchId } }),
    enabled: matchId !== null,
  });
}

/** After a payment: the session (she is Active now), her subscription, bills and prices again. */
function usePaymentMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKey });
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}

/** Payment errors are shown by the page (the form hidden, try again): silent. */
export const useSubscribe = () =>
  usePaymentMutation((body: CreateCustomerBody) =>
    api<SubscriptionAnswer>('payment-services/create-customer', { body, silent: true }),
  );

export const usePay = () =>
  usePaymentMutation((body: PayBody) => api<PayAnswer>('payment-services/pay', { body, silent: true }));

// --- the subscription tab

export const useSubscriptionDetails = () =>
  useQuery({
    queryKey: paymentKeys.subscription,
    queryFn: () => api<SubscriptionDetails>('checksubscriptionstatus'),
  });

export const useMemberBills = () =>
  useQuery({ queryKey: paymentKeys.bills, queryFn: () => api<BillRow[]>('fetchbills') });

export const useCancelAutoRenewal = () =>
  usePaymentMutation(() =>
    api<{ cancelAtPeriodEnd: boolean }>('cancelsubscription', { body: {}, successToast: true }),
  );

export const useReactivate = () =>
  usePaymentMutation(() =>
    api<{ cancelAtPeriodEnd: boolean }>('reactivatecanceledsubs', { body: {}, successToast: true }),
  );

// --- staff

export const clientSubscriptionStatus = (userid: number) =>
  api<ClientSubscriptionStatus>('fetchclientcurrentsubscriptionstatus', { body: { userid } });

export const cancelClientSubscription = (parentid: number) =>
  api<{ cancelAtPeriodEnd: boolean }>('cancelsubscription', { body: { parentid } });

export const useAgencyBills = (q: AgencyBillsBody) =>
  useQuery({
    queryKey: paymentKeys.agencyBills(q),
    queryFn: () => api<BillList>('fetchagencycmbill', { body: q }),
    placeholderData: keepPreviousData,
  });

export const useUnpaidInvoices = (side: 'donor' | 'ip', q: UnpaidInvoicesBody) =>
  useQuery({
    queryKey: paymentKeys.unpaid(side, q),
    queryFn: () =>
      api<UnpaidInvoiceList>(side === 'donor' ? 'fetchunpaidinvoices' : 'fetchunpaidinvoicesbyipcenter', {
        body: q,
      }),
    placeholderData: keepPreviousData,
  });

export const useOfflinePayments = (q: OfflineHistoryBody, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.offline(q),
    queryFn: () => api<OfflinePaymentList>('fetchallofflinepaymenthistorybydonorcenter', { body: q }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useOfflineDetails = (id: number | null) =>
  useQuery({
    queryKey: paymentKeys.offlineDetails(id ?? 0),
    queryFn: () => api<OfflinePaymentDetails>('fetchofflinepaymentdetails', { body: { id } }),
    enabled: id !== null,
  });

export function useRecordOfflinePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfflinePaymentBody) =>
      api<{ id: number; billId: number }>('paysubscriptionchargesoffline', { body, successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

export const downloadPaymentsCsv = (endpoint: string, body: unknown, file: string) =>
  apiDownload(endpoint, body, file);
