import { z } from 'zod';
import { endpoint } from '../contract.js';
import {
  customQuestion,
  donorQuestion,
  questionStatusBody,
  restoreQuestionBody,
  saveQuestionBody,
  submitAnswersBody,
  updateQuestionBody,
} from '../questions.js';
import { idSchema } from '../validation.js';

/** Question administration is the agency admin's; answers belong to whoever fills the donor form. */
const admin = { pages: ['customizedquestions'] } as const;
const form = { pages: ['donorform'] } as const;

/** The agency's own questions on the donor form, and the donor's answers to them. */
export const questionsContract = {
  list: endpoint({
    method: 'GET',
    path: '/getuserquestions',
    access: admin,
    summary: "The agency's customised questions (archived ones have isActive false)",
    data: z.array(customQuestion),
  }),
  save: endpoint({
    method: 'POST',
    path: '/savecustomizedquestion',
    access: admin,
    summary: 'Add a question (duplicates and option rules answer 400)',
    body: saveQuestionBody,
    data: customQuestion,
  }),
  update: endpoint({
    method: 'POST',
    path: '/updatequestiondetails',
    access: admin,
    summary: 'Edit a question',
    body: updateQuestionBody,
    data: customQuestion,
  }),
  setStatus: endpoint({
    method: 'POST',
    path: '/updatecustomizedquestionstatus',
    access: admin,
    summary: 'Archive a question, or set who reads its answers (public, staff, private)',
    body: questionStatusBody,
    data: customQuestion,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/restorecustomizedquestion',
    access: admin,
    summary: 'Put an archived question back on the donor form',
    body: restoreQuestionBody,
    data: customQuestion,
  }),
  donorAnswers: endpoint({
    method: 'GET',
    path: '/getcustomizedquestiondetails/:id',
    access: form,
    summary: "The active questions of the donor's agency with the donor's answers",
    params: z.object({ id: idSchema() }),
    data: z.array(donorQuestion),
  }),
  submitAnswers: endpoint({
    method: 'POST',
    path: '/submitcustomizedanswers',
    access: form,
    summary: "Save the donor's answers on one tab (400 with data.answers per question id)",
    body: submitAnswersBody,
    data: z.object({ saved: z.number() }),
  }),
};
