import {
  type CarrierPanelInput,
  geneticsContract as contract,
  type DonorPanelImportBody,
  type ParentPanelKind,
} from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const carrierKeys = {
  all: ['carrier'] as const,
  donor: (donorId: number) => ['carrier', 'donor', donorId] as const,
  parent: (userId: number) => ['carrier', 'parent', userId] as const,
  compatibility: (donorIds: readonly number[], parentId: number | null) =>
    ['carrier', 'compatibility', parentId, [...donorIds].sort((a, b) => a - b).join(',')] as const,
};

export function useDonorPanel(donorId: number, enabled = true) {
  return useQuery({
    queryKey: carrierKeys.donor(donorId),
    queryFn: () => call(contract.donorPanel, { params: { id: donorId } }, { silent: true }),
    enabled,
    retry: false,
  });
}

export function useParentPanels(userId: number | null) {
  return useQuery({
    queryKey: carrierKeys.parent(userId ?? 0),
    queryFn: () => call(contract.parentPanels, { params: { id: userId ?? 0 } }, { silent: true }),
    enabled: userId !== null,
    retry: false,
  });
}

/** Each donor's compatibility with the caller's results (staff: with the client `parentId`'s). */
export function useCarrierCompatibility(
  donorIds: readonly number[],
  parentId: number | null,
  enabled = true,
) {
  return useQuery({
    queryKey: carrierKeys.compatibility(donorIds, parentId),
    queryFn: () =>
      call(
        contract.compatibility,
        { body: { donorIds: [...donorIds], ...(parentId === null ? {} : { parentId }) } },
        { silent: true },
      ),
    enabled: enabled && donorIds.length > 0,
    retry: false,
  });
}

export const saveDonorPanel = (donorId: number, panel: CarrierPanelInput) =>
  call(contract.saveDonorPanel, { params: { id: donorId }, body: { panel } }, { successToast: true });

export const importDonorPanel = (donorId: number, body: DonorPanelImportBody) =>
  call(contract.importDonorPanel, { params: { id: donorId }, body }, { successToast: true });

export const importParentPanel = (userId: number, kind: ParentPanelKind, body: DonorPanelImportBody) =>
  call(
    contract.importParentPanel,
    { params: { id: userId }, body: { kind, ...body } },
    { successToast: true },
  );

export const saveParentPanel = (userId: number, kind: ParentPanelKind, panel: CarrierPanelInput) =>
  call(contract.saveParentPanel, { params: { id: userId }, body: { kind, panel } }, { successToast: true });
