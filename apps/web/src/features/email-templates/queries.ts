import {
  type AddEmailTemplateBody,
  emailTemplatesContract as contract,
  type EmailDefinition,
  type SmtpConnectionSaveBody,
  type UpdateEmailTemplateBody,
} from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of the e-mail template and connection screens. */
export const emailKeys = {
  types: ['email-templates', 'types'] as const,
  definition: (centerId: number, emailTypeId: number) =>
    ['email-templates', 'definition', centerId, emailTypeId] as const,
  connection: (centerId: number) => ['email-templates', 'connection', centerId] as const,
};

export function useEmailTypes() {
  return useQuery({
    queryKey: emailKeys.types,
    queryFn: () => call(contract.types, {}),
    staleTime: 10 * 60_000,
  });
}

export function useEmailDefinition(centerId: number | null, emailTypeId: number | null) {
  return useQuery({
    queryKey: emailKeys.definition(centerId ?? 0, emailTypeId ?? 0),
    queryFn: () =>
      call(contract.definition, {
        query: { center_id: centerId ?? undefined },
        body: { email_type: emailTypeId ?? 0 },
      }),
    enabled: centerId !== null && emailTypeId !== null,
  });
}

export function fetchDefaultDefinition(centerId: number, emailTypeId: number) {
  return call(contract.defaultDefinition, {
    query: { center_id: centerId },
    body: { email_type: emailTypeId },
  });
}

export function useConnection(centerId: number | null) {
  return useQuery({
    queryKey: emailKeys.connection(centerId ?? 0),
    queryFn: () => call(contract.connection, { body: { center_id: centerId ?? undefined } }),
    enabled: centerId !== null,
  });
}

/** POST updatetestconnection: the agency's mail server saved (the page shows a refusal itself). */
export function useSaveConnection(centerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmtpConnectionSaveBody) =>
      call(contract.saveConnection, { body }, { successToast: true, silent: true }),
    onSuccess: (info) => {
      if (centerId !== null) queryClient.setQueryData(emailKeys.connection(centerId), info);
    },
  });
}

/** POST testconnection: a test message through the server as typed. */
export function useTestConnection() {
  return useMutation({
    mutationFn: (body: SmtpConnectionSaveBody) => call(contract.testConnection, { body }, { silent: true }),
  });
}

/**
 * The template writes: add, update and delete. A saved template is the answer itself; after a
 * delete the default is read again.
 */
export function useTemplateWrites(centerId: number | null, emailTypeId: number | null) {
  const queryClient = useQueryClient();
  const afterSave = (answer: EmailDefinition | null) => {
    if (centerId === null || emailTypeId === null) return;
    const key = emailKeys.definition(centerId, emailTypeId);
    if (answer) queryClient.setQueryData(key, answer);
    else void queryClient.invalidateQueries({ queryKey: key });
  };
  const add = useMutation({
    mutationFn: (body: AddEmailTemplateBody) =>
      call(contract.add, { body }, { successToast: true, silent: true }),
    onSuccess: afterSave,
  });
  const update = useMutation({
    mutationFn: (body: UpdateEmailTemplateBody) =>
      call(contract.update, { body }, { successToast: true, silent: true }),
    onSuccess: afterSave,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(contract.remove, { body: { id } }, { successToast: true, silent: true }),
    onSuccess: () => afterSave(null),
  });
  return { add, update, remove };
}
