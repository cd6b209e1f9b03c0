import {
  type AgencyTwilio,
  type CallInput,
  agencySettingsContract as contract,
  type FeeOptions,
  type TwilioChangeRequestInput,
  type TwilioSettingsInput,
} from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { settingsKeys } from '../../lib/query-keys';

const query = (centerId: number | null) => ({ center_id: centerId ?? undefined });

/** GET getagencyaccessdetails: every switch of the agency's general configuration. */
export function useAccessDetails(centerId: number | null) {
  return useQuery({
    queryKey: settingsKeys.access(centerId ?? 0),
    queryFn: () => call(contract.accessDetails, { query: query(centerId) }),
    enabled: centerId !== null,
  });
}

export function useAgencyManagers(centerId: number | null) {
  return useQuery({
    queryKey: settingsKeys.managers(centerId ?? 0),
    queryFn: () => call(contract.managers, { query: query(centerId) }),
    enabled: centerId !== null,
  });
}

export function useDefaultManager(centerId: number | null) {
  return useQuery({
    queryKey: settingsKeys.defaultManager(centerId ?? 0),
    queryFn: () => call(contract.defaultManager, { query: query(centerId) }),
    enabled: centerId !== null,
  });
}

export function useAgencyTwilio(centerId: number | null) {
  return useQuery({
    queryKey: settingsKeys.twilio(centerId ?? 0),
    queryFn: () => call(contract.twilio, { query: query(centerId) }),
    enabled: centerId !== null,
  });
}

/** GET getfeeoptions: the agency's own and the global fee options, and its compensation switch. */
export function useFeeOptions(centerId: number | null) {
  return useQuery({
    queryKey: settingsKeys.feeOptions(centerId ?? 0),
    queryFn: () => call(contract.feeOptions, { query: query(centerId) }),
    enabled: centerId !== null,
  });
}

/** The calls that change a switch or a value of the agency, by the name the screens use. */
const SETTING_WRITES = {
  firstnamevisibility: contract.firstNameVisibility,
  ipformtoggle: contract.ipFormToggle,
  textmessagestoggle: contract.textMessagesToggle,
  donortypevisibility: contract.donorTypeVisibility,
  donordetailsaccesstoggle: contract.donorDetailsAccess,
  updateportfoliodonorcount: contract.portfolioDonorCount,
  feepaymentoptionvisibility: contract.compensationVisibility,
};
export type SettingCall = keyof typeof SETTING_WRITES;
type SettingInput = CallInput<(typeof SETTING_WRITES)[SettingCall]>;

/**
 * The calls that change a switch or a value of the agency (each answers the agency's switches):
 * the answer replaces the screen's copy; the fee screen's compensation switch is refetched.
 */
export function useSettingWrite(centerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    // silent: a form shows the refusal itself (a switch gets the wrapper's toast).
    mutationFn: ({
      name,
      body,
      silent,
    }: {
      name: SettingCall;
      body: Record<string, unknown>;
      silent?: boolean;
    }) =>
      call(
        SETTING_WRITES[name],
        // The screen's table pairs each call with its field; the server checks the body.
        { body: { ...body, center_id: centerId ?? undefined } } as SettingInput,
        { successToast: true, silent: silent === true },
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKeys.access(data.centerId), data);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.feeOptions(data.centerId) });
    },
  });
}

/** POST saveagencydefaultmanager. */
export function useSaveDefaultManager(centerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (managerId: number | null) =>
      call(
        contract.saveDefaultManager,
        { body: { default_case_manager_id: managerId, center_id: centerId ?? undefined } },
        { successToast: true, silent: true },
      ),
    onSuccess: (data) => {
      if (centerId === null) return;
      queryClient.setQueryData(settingsKeys.defaultManager(centerId), data);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.access(centerId) });
    },
  });
}

/** POST updateagencytwiliophonenumber (master admin) and agencyrequestfortwilionumberchange (agency admin). */
export function useTwilioWrites(centerId: number | null) {
  const queryClient = useQueryClient();
  const onSuccess = (data: AgencyTwilio) =>
    queryClient.setQueryData(settingsKeys.twilio(data.centerId), data);
  const update = useMutation({
    mutationFn: (values: TwilioSettingsInput) =>
      call(
        contract.updateTwilio,
        { body: { ...values, center_id: centerId ?? undefined } },
        { successToast: true, silent: true },
      ),
    onSuccess,
  });
  const request = useMutation({
    mutationFn: (values: TwilioChangeRequestInput) =>
      call(contract.requestTwilioChange, { body: values }, { successToast: true, silent: true }),
    onSuccess,
  });
  return { update, request };
}

/** POST savefeeoption and removefeeoption: the answer is the agency's options now. */
export function useFeeOptionWrites(centerId: number | null) {
  const queryClient = useQueryClient();
  const onSuccess = (data: FeeOptions) =>
    queryClient.setQueryData(settingsKeys.feeOptions(data.centerId), data);
  const save = useMutation({
    mutationFn: (values: { newOption: string; newOptionComment: string; global: boolean }) =>
      call(
        contract.saveFeeOption,
        { body: { ...values, center_id: centerId ?? undefined } },
        { successToast: true, silent: true },
      ),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (option: { option_id: number; center_id: number | null }) =>
      call(
        contract.removeFeeOption,
        { body: { option_id: option.option_id, center_id: option.center_id ?? centerId ?? undefined } },
        { successToast: true },
      ),
    onSuccess,
  });
  return { save, remove };
}
