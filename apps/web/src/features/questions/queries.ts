import { questionsContract as contract, type SubmitAnswersBody, type UpdateQuestionBody } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const questionKeys = {
  list: ['questions', 'list'] as const,
  donor: (donorId: number) => ['questions', 'donor', donorId] as const,
};

/** The agency's questions, archived ones included. */
export function useQuestions() {
  return useQuery({ queryKey: questionKeys.list, queryFn: () => call(contract.list, {}) });
}

/** The donor's agency questions with the donor's answers. */
export function useDonorQuestions(donorId: number) {
  return useQuery({
    queryKey: questionKeys.donor(donorId),
    queryFn: () => call(contract.donorAnswers, { params: { id: donorId } }),
  });
}

type SaveInput = Omit<UpdateQuestionBody, 'questionId'> & { questionId?: number };

/** Add (no questionId) or edit a question; errors are shown at the field by the caller. */
export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, ...fields }: SaveInput) =>
      questionId
        ? call(contract.update, { body: { ...fields, questionId } }, { silent: true, successToast: true })
        : call(contract.save, { body: fields }, { silent: true, successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.list }),
  });
}

/** Archive (status 'archive') or restore a question. */
export function useArchiveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      archive
        ? call(contract.setStatus, { body: { question_id: id, status: 'archive' } }, { successToast: true })
        : call(contract.restore, { body: { question_id: id } }, { successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.list }),
  });
}

/** Saves the donor's answers on one tab. */
export function useSubmitAnswers(donorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitAnswersBody) =>
      call(contract.submitAnswers, { body }, { silent: true, successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.donor(donorId) }),
  });
}
