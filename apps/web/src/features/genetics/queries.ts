import type {
  CarrierCompatibilityData,
  CarrierPanelInput,
  DonorPanelData,
  ParentPanelKind,
  ParentPanelsData,
} from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

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
    queryFn: () => api<DonorPanelData>(`donorcarrierpanel/${donorId}`, { silent: true }),
    enabled,
    retry: false,
  });
}

export function useParentPanels(userId: number | null) {
  return useQuery({
    queryKey: carrierKeys.parent(userId ?? 0),
    queryFn: () => api<ParentPanelsData>(`parentcarrierpanel/${userId}`, { silent: true }),
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
      api<CarrierCompatibilityData>('carriercompatibility', {
        body: { donorIds, ...(parentId === null ? {} : { parentId }) },
        silent: true,
      }),
    enabled: enabled && donorIds.length > 0,
    retry: false,
  });
}

export const saveDonorPanel = (donorId: number, panel: CarrierPanelInput) =>
  api<DonorPanelData>(`donorcarrierpanel/${donorId}`, { body: { panel }, successToast: true });

export const importDonorPanel = (
  donorId: number,
  body: { lab: string; panelName: string; testDate: string; csv: string },
) => api<DonorPanelData>(`donorcarrierpanel/${donorId}/import`, { body, successToast: true });

export const importParentPanel = (
  userId: number,
  kind: ParentPanelKind,
  body: { lab: string; panelName: string; testDate: string; csv: string },
) =>
  api<ParentPanelsData>(`parentcarrierpanel/${userId}/import`, {
    body: { kind, ...body },
    successToast: true,
  });

export const saveParentPanel = (userId: number, kind: ParentPanelKind, panel: CarrierPanelInput) =>
  api<ParentPanelsData>(`parentcarrierpanel/${userId}`, { body: { kind, panel }, successToast: true });
