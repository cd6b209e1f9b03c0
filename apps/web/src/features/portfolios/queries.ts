import type {
  DonorFeedbackEntry,
  FeedbackCounts,
  PortfolioDetail,
  PortfolioNote,
  PortfolioSort,
  PortfolioStatus,
  PortfolioSummary,
  SaveShortlistAnswer,
  SearchFiltersInput,
  SharedManager,
} from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api, saveBlob } from '../../lib/api';

import { portfolioKeys } from '../../lib/query-keys';

export { portfolioKeys };

/** Clients' portfolio feedback on one donor (an empty list where the center takes none). */
export function useDonorFeedback(donorId: number, enabled: boolean) {
  return useQuery({
    queryKey: portfolioKeys.donorFeedback(donorId),
    queryFn: () => api<DonorFeedbackEntry[]>(`getdonorfeedback/${donorId}`, { silent: true }),
    enabled,
  });
}

export function usePortfolios(archived = false, enabled = true) {
  return useQuery({
    queryKey: portfolioKeys.list(archived),
    queryFn: () => api<PortfolioSummary[]>('getshortlist', { query: archived ? { archived: '1' } : {} }),
    enabled,
  });
}

export function usePortfolio(id: number, mode: 'populate' | PortfolioSort) {
  return useQuery({
    queryKey: portfolioKeys.detail(id, mode),
    queryFn: () =>
      api<PortfolioDetail>(
        mode === 'populate'
          ? `getshortlistdonors/${id}/populate`
          : `getshortlistdonors/${id}/preview/${mode}`,
        { silent: true },
      ),
  });
}

export function usePortfolioNotes(id: number) {
  return useQuery({
    queryKey: portfolioKeys.notes(id),
    queryFn: () => api<PortfolioNote[]>('getportfoliodonornotes', { body: { portfolio_id: id } }),
  });
}

export function useSharedTo(id: number, enabled: boolean) {
  return useQuery({
    queryKey: portfolioKeys.shared(id),
    queryFn: () => api<SharedManager[]>(`getsharedtolist/${id}`),
    enabled,
  });
}

export const createPortfolio = (name: string) =>
  api<PortfolioSummary>('createportfolio', { body: { name }, successToast: true });
export const updatePortfolio = (id: number, changes: { name?: string; status?: PortfolioStatus }) =>
  api<PortfolioSummary>('updateportfolio', {
    method: 'PUT',
    body: { shortlist_id: id, ...changes },
    successToast: true,
  });
export const setPortfolioStatus = (id: number, status: PortfolioStatus) =>
  api<{ status: PortfolioStatus }>(`updateshortliststatus/${id}`, {
    method: 'PUT',
    body: { status },
    successToast: true,
  });
export const copyPortfolio = (id: number, newname: string) =>
  api<PortfolioSummary>('copynewshortlist', { body: { shortlist_id: id, newname }, successToast: true });
export const deletePortfolio = (id: number) =>
  api<null>(`deleteportfolio/${id}`, { method: 'DELETE', successToast: true });
export const addDonorToPortfolios = (donorId: number, ids: number[], newItem?: string) =>
  api<SaveShortlistAnswer>('saveshortlist', {
    body: { donor_id: donorId, shortlist_ids: ids, ...(newItem ? { new_item: newItem } : {}) },
    successToast: true,
  });
export const removeDonor = (id: number, donorId: number) =>
  api<null>('removedonorfromportfolio', {
    body: { shortlist_id: id, donor_id: donorId },
    successToast: true,
  });
export const saveOrder = (id: number, donorIds: number[]) =>
  api<{ affectedRows: number }>('updateprevieworder', {
    body: { listid: id, orders: donorIds.map((donorId, order) => ({ id: donorId, order })) },
  });
export const fetchStatus = (id: number) =>
  api<{ status: PortfolioStatus }>('fetchportfoliostatus', { body: { portfolioId: id } });
export const giveFeedback = (id: number, donorId: number, feedback: 'yes' | 'maybe' | 'no') =>
  api<FeedbackCounts>('updateclientfeedback', { body: { shortlist_id: id, donor_id: donorId, feedback } });
export const addComment = (id: number, note: string, donorId?: number) =>
  api<PortfolioNote>('insportfoliodonornote', {
    body: { portfolio: id, notes: note, ...(donorId ? { donor: donorId } : { isOverallComment: true }) },
    successToast: true,
  });
export const shareWithClient = (id: number, to: string, mailtext: string) =>
  api<PortfolioSummary>('shareshortlistprofile', {
    body: { shortlist_id: id, to, mailtext },
    successToast: true,
  });
export const shareWithManager = (id: number, managerId: number, mailText: string) =>
  api<SharedManager[]>('shareportfolio', {
    body: { portfolioId: id, sharedTo: managerId, mailText },
    successToast: true,
  });
export const unshareWithManager = (id: number, managerId: number) =>
  api<SharedManager[]>('removesharedportfolio', {
    body: { portfolioId: id, sharedTo: managerId },
    successToast: true,
  });
export const notifyClient = (id: number) =>
  api<null>('shortlistupdatenotification', { body: { portfolio_id: id }, successToast: true });
export const checkFirstView = (id: number) =>
  api<{ firstView: boolean }>('checkportfoliofirstview', { body: { portfolioId: id }, silent: true });
export const downloadPortfolio = (id: number, sort: PortfolioSort, isFirstNameVisible: boolean) =>
  api<{ fileName: string; data: string } | null>('downloadportfolio', {
    body: { id, sort, order: 'asc', isFirstNameVisible },
  });
export const searchDonorIds = (filters: SearchFiltersInput) =>
  api<{ ids: number[]; count: number }>('getdonorid', { body: { filters } });
export const saveSearchAsPortfolio = (input: {
  name?: string;
  shortlist_id?: number;
  donor_details: number[];
}) => api<SaveShortlistAnswer>('savesearchasportfolio', { body: input, successToast: true });
export const askManager = (
  queryType: 'ask_question' | 'request_consultation',
  query: string,
  donorId?: number,
) =>
  api<{ id: number }>('saveipquery', {
    body: { query_type: queryType, query, ...(donorId ? { donor_id: donorId } : {}) },
    successToast: true,
  });

/** Saves a base64 file the server produced, as a download. */
export function saveBase64File(fileName: string, base64: string, type: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  saveBlob(new Blob([bytes], { type }), fileName);
}
