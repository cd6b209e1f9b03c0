import type {
  AgenciesWithDonorAccess,
  ChatContact,
  ChatInfo,
  ChatMessage,
  ChatMessagePage,
  MessageHistory,
  SaveChatMessageBody,
} from '@dm/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export { reportApiError } from '../../lib/api';

/** Query keys of the message room. */
export const chatKeys = {
  all: ['chat'] as const,
  list: (call: string, type?: number) => ['chat', 'list', call, type ?? null] as const,
  partnerIps: (center: number | null) => ['chat', 'partner-ips', center] as const,
  agencies: ['chat', 'agencies'] as const,
  messages: (chatId: number) => ['chat', 'messages', chatId] as const,
  info: (chatId: number) => ['chat', 'info', chatId] as const,
  disabled: ['chat', 'disabled'] as const,
  history: (userId: number) => ['chat', 'history', userId] as const,
};

export function useChatList(call: string, type?: number) {
  return useQuery({
    queryKey: chatKeys.list(call, type),
    queryFn: () => api<ChatContact[]>(call, { query: { type } }),
  });
}

/** The centers a manager's center shares donors with (the partner-agency IP list's picker). */
export function usePartnerAgencies(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.agencies,
    queryFn: () => api<AgenciesWithDonorAccess>('getagencieshasdonoraccess'),
    enabled,
  });
}

export function usePartnerIps(center: number | null) {
  return useQuery({
    queryKey: chatKeys.partnerIps(center),
    queryFn: () => api<ChatContact[]>('getpartneragencyiplist', { body: { ip_center: center } }),
    enabled: center !== null,
  });
}

/** Opens (or reuses) the chat with a person of the lists. */
export const openChatWith = (userId: number) => api<ChatInfo>(`getchatdata/${userId}`);

/** The pages of a chat, newest page first; the next page is the one before. */
export function useChatMessages(chatId: number) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam }) =>
      api<ChatMessagePage>('getchatmessage', { body: { chatId, pageNo: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageNo + 1 : undefined),
  });
}

export function useDisableFlag() {
  return useQuery({
    queryKey: chatKeys.disabled,
    queryFn: () => api<{ disableChat: boolean }>('getdisablechatflag'),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveChatMessageBody) => api<ChatMessage>('savemessagetodb', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.disabled }),
  });
}

/** An image (uploadmessageimage) or a file (uploadmessagepdf) sent as a message. */
export function useSendFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, form }: { image: boolean; form: FormData }) =>
      api<ChatMessage>(image ? 'uploadmessageimage' : 'uploadmessagepdf', { body: form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.disabled }),
  });
}

export function useMessageHistory(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.history(userId),
    queryFn: () => api<MessageHistory>(`messagehistory/${userId}`),
    enabled,
  });
}
