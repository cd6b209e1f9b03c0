import type {
  AgenciesWithDonorAccess,
  ChatContact,
  ChatInfo,
  ChatMessage,
  ChatMessagePage,
  MessageHistory,
  SaveChatMessageBody,
} from '@dm/shared';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useRealtimeEvent, useRealtimeReconnect } from '../../lib/realtime';
import { withMessage } from './chat-logic';

export { reportApiError } from '../../lib/api';

/** Query keys of the message room. */
export const chatKeys = {
  all: ['chat'] as const,
  list: (call: string, type?: number) => ['chat', 'list', call, type ?? null] as const,
  partnerIps: (center: number | null) => ['chat', 'partner-ips', center] as const,
  agencies: ['chat', 'agencies'] as const,
  allMessages: ['chat', 'messages'] as const,
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

/** A chat's pages as the cache holds them: newest page first, each oldest message first. */
type ChatPages = InfiniteData<ChatMessagePage, number>;

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

/**
 * Puts a message into its chat's cached pages, wherever that chat is opened next (the cache
 * outlives the box). A fetch of the chat under way may have read before the message was stored
 * and would then replace the pages without it, so the message is put in again when it ends.
 */
function addChatMessage(queryClient: QueryClient, chatId: number, message: ChatMessage): void {
  const queryKey = chatKeys.messages(chatId);
  const add = () => queryClient.setQueryData<ChatPages>(queryKey, (old) => withMessage(old, message));
  add();
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const stop = cache.subscribe((event) => {
    if (event.query !== query || (event.type !== 'removed' && query.state.fetchStatus === 'fetching')) return;
    stop();
    add();
  });
}

/**
 * Keeps every chat's cached messages current while signed in, whether or not its box is open:
 * each message the server pushes goes into its chat's pages, and after a drop of the socket
 * (pushes may have been missed) the chats are asked for again. Mounted once, by the app's layout.
 */
export function useLiveChatMessages(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('chat:message', (event) =>
    addChatMessage(queryClient, event.chatId, event.message as ChatMessage),
  );
  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.allMessages });
  });
}

/** A message the person sent goes into the chat's pages as soon as the server has stored it. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveChatMessageBody) => api<ChatMessage>('savemessagetodb', { body }),
    onSuccess: (message) => addChatMessage(queryClient, message.chatId, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.disabled }),
  });
}

/** An image (uploadmessageimage) or a file (uploadmessagepdf) sent as a message. */
export function useSendFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, form }: { image: boolean; form: FormData }) =>
      api<ChatMessage>(image ? 'uploadmessageimage' : 'uploadmessagepdf', { body: form }),
    onSuccess: (message) => addChatMessage(queryClient, message.chatId, message),
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
