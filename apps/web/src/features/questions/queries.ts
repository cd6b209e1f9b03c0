import type { CustomQuestion, DonorQuestion, SubmitAnswersBody, UpdateQuestionBody } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const questionKeys = {
  list: ['questions', 'list'] as const,
  donor: (donorId: number) => ['questions', 'donor', donorId] as const,
};

/** GET /getuserquestions: the agency's questions, archived ones included. */
export function useQuestions() {
  return useQuery({ queryKey: questionKeys.list, queryFn: () => api<CustomQuestion[]>('getuserquestions') });
}

/** GET /getcustomizedquestiondetails/{id}: the donor's agency questions with the donor's answers. */
export function useDonorQuestions(donorId: number) {
  return useQuery({
    queryKey: questionKeys.donor(donorId),
    queryFn: () => api<DonorQuestion[]>(`getcustomizedquestiondetails/${donorId}`),
  });
}

type SaveInput = Omit<UpdateQuestionBody, 'questionId'> & { questionId?: number };

/** Add (no questionId) or edit a question; errors are shown at the field by the caller. */
export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveInput) =>
      api<CustomQuestion>(body.questionId ? 'updatequestiondetails' : 'savecustomizedquestion', {
        method: 'POST',
        body,
        silent: true,
        successToast: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.list }),
  });
}

/** Archive (status 'archive') or restore a question. */
export function useArchiveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      archive
        ? api<CustomQuestion>('updatecustomizedquestionstatus', {
            method: 'POST',
            body: { question_id: id, status: 'archive' },
            successToast: true,
          })
        : api<CustomQuestion>('restorecustomizedquestion', {
            method: 'POST',
            body: { question_id: id },
            successToast: true,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.list }),
  });
}

/** POST /submitcustomizedanswers for one tab. */
export function useSubmitAnswers(donorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitAnswersBody) =>
      api<{ saved: number }>('submitcustomizedanswers', {
        method: 'POST',
        body,
        silent: true,
        successToast: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.donor(donorId) }),
  });
}
