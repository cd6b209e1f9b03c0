import { z } from 'zod';
import { DONOR_FORM_TAB_LABELS, DONOR_FORM_TABS, type DonorFormTab } from './donor-form/tabs.js';
import { MSG } from './messages.js';
import { idSchema } from './validation.js';

/** Question types of the custom-question screen; textarea is the spec's default. */
export const QUESTION_TYPES = ['textarea', 'text', 'radio', 'checkbox', 'dropdown'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  textarea: 'Long text',
  text: 'Short text',
  radio: 'Single choice (radio)',
  checkbox: 'Multiple choice (checkboxes)',
  dropdown: 'Dropdown',
};
/** Types answered by choosing among options (they need at least two). */
export const CHOICE_TYPES: readonly QuestionType[] = ['radio', 'checkbox', 'dropdown'];
export const isChoiceType = (type: QuestionType): boolean => CHOICE_TYPES.includes(type);

/**
 * Who reads a question's answers besides the donor (who answers every active question of a tab):
 * public - also intended parents on donor details; staff - admins and case managers of every
 * center that may see the donor; private - only staff of the question's own center.
 * archive - taken off the donor form; its stored answers stay, read by the own center's staff only.
 */
export const QUESTION_STATUSES = ['public', 'staff', 'private', 'archive'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export const QUESTION_VISIBILITIES = ['public', 'staff', 'private'] as const;
export type QuestionVisibility = (typeof QUESTION_VISIBILITIES)[number];
export const QUESTION_STATUS_LABELS: Record<QuestionStatus, string> = {
  public: 'Public',
  staff: 'Staff',
  private: 'Private',
  archive: 'Archive',
};

/** Donor form tabs a question may sit on (platform: tabs 2-9); miscellaneous is the default. */
export type QuestionTab = Exclude<DonorFormTab, 'guidelines' | 'uploadPhotos' | 'submitForm'>;
const isQuestionTab = (tab: DonorFormTab): tab is QuestionTab =>
  tab !== 'guidelines' && tab !== 'uploadPhotos' && tab !== 'submitForm';
export const QUESTION_TABS = DONOR_FORM_TABS.filter(isQuestionTab) as [QuestionTab, ...QuestionTab[]];
/** The question screens' tab names: the donor form's, three of them spelled out in full. */
export const QUESTION_TAB_LABELS: Record<QuestionTab, string> = {
  ...(Object.fromEntries(QUESTION_TABS.map((tab) => [tab, DONOR_FORM_TAB_LABELS[tab]])) as Record<
    QuestionTab,
    string
  >),
  personalCharacterstics: 'Personal characteristics',
  disease: 'Disease',
  pastDonation: 'Past donation',
};

export const QUESTION_MAX = 500;
export const OPTION_MAX = 200;

/** Two questions are the same when they differ only in case and spaces. */
export const questionKey = (text: string): string => text.toLowerCase().replace(/\s+/g, '');

export function isDuplicateQuestion(text: string, others: readonly string[]): boolean {
  const key = questionKey(text);
  return others.some((other) => questionKey(other) === key);
}

const optionKey = (text: string): string => text.trim().toLowerCase();

/**
 * The message for each option (null when fine): blank, or the same as an earlier option
 * ignoring case. The first of two equal options stays unflagged, so the later one is the one to fix.
 */
export function optionErrors(options: readonly string[]): (string | null)[] {
  const seen = new Set<string>();
  return options.map((option) => {
    const key = optionKey(option);
    if (key === '') return MSG.QUESTION_OPTION_BLANK;
    if (seen.has(key)) return MSG.QUESTION_OPTION_DUPLICATE;
    seen.add(key);
    return null;
  });
}

/** A new option may be added only once the last one has text. */
export function canAddOption(options: readonly string[]): boolean {
  return options.length === 0 || options[options.length - 1]!.trim() !== '';
}

export const questionOption = z.object({
  text: z.string().trim().max(OPTION_MAX, `Options are at most ${OPTION_MAX} characters.`),
  isDefault: z.boolean().default(false),
});
export type QuestionOption = z.infer<typeof questionOption>;

const questionFields = {
  question: z.string().trim().min(1, MSG.QUESTION_REQUIRED).max(QUESTION_MAX),
  type: z.enum(QUESTION_TYPES).default('textarea'),
  status: z.enum(QUESTION_VISIBILITIES).default('public'),
  isRequired: z.boolean().default(false),
  tab: z.enum(QUESTION_TABS).default('miscellaneous'),
  options: z.array(questionOption).max(50).default([]),
  /** The master admin names the agency; an agency admin's own is used otherwise. */
  centerId: idSchema().optional(),
};

/** The option rules of a choice question, as issues at the field they concern. */
function checkOptions(value: { type: QuestionType; options: QuestionOption[] }, ctx: z.RefinementCtx): void {
  if (!isChoiceType(value.type)) return;
  if (value.options.length < 2) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: MSG.QUESTION_OPTIONS_MIN });
    return;
  }
  optionErrors(value.options.map((o) => o.text)).forEach((message, i) => {
    if (message) ctx.addIssue({ code: 'custom', path: ['options', i, 'text'], message });
  });
  if (value.options.filter((o) => o.isDefault).length > 1) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only one option can be the default.' });
  }
}

export const saveQuestionBody = z.object(questionFields).superRefine(checkOptions);
export type SaveQuestionBody = z.input<typeof saveQuestionBody>;

export const updateQuestionBody = z
  .object({ ...questionFields, questionId: idSchema() })
  .superRefine(checkOptions);
export type UpdateQuestionBody = z.input<typeof updateQuestionBody>;

export const questionStatusBody = z.object({
  question_id: idSchema(),
  center_id: idSchema().optional(),
  status: z.enum(QUESTION_STATUSES),
});

export const restoreQuestionBody = z.object({ question_id: idSchema() });

/** A checkbox answer is the chosen options; every other type one string. */
export const userAnswer = z.object({
  questionId: idSchema(),
  answer: z.union([z.string().max(5000), z.array(z.string().max(OPTION_MAX)).max(50)]),
});
export type UserAnswer = z.infer<typeof userAnswer>;

export const submitAnswersBody = z.object({
  donorId: idSchema(),
  tab: z.enum(QUESTION_TABS),
  userAnswers: z.array(userAnswer).max(200),
});
export type SubmitAnswersBody = z.infer<typeof submitAnswersBody>;

/** How a checkbox answer is stored and shown: the chosen options joined. */
export const CHECKBOX_SEPARATOR = ', ';

export interface AnswerableQuestion {
  type: QuestionType;
  isRequired: boolean;
  options: readonly { text: string }[];
}

/** The problem with an answer to a question (null when acceptable). Blank is fine unless required. */
export function answerProblem(
  question: AnswerableQuestion,
  answer: string | readonly string[],
): string | null {
  const chosen = (typeof answer === 'string' ? [answer] : [...answer]).map((a) => a.trim()).filter(Boolean);
  if (chosen.length === 0) return question.isRequired ? MSG.ANSWER_REQUIRED : null;
  if (!isChoiceType(question.type)) return typeof answer === 'string' ? null : MSG.ANSWER_NOT_AN_OPTION;
  if (question.type !== 'checkbox' && chosen.length > 1) return MSG.ANSWER_NOT_AN_OPTION;
  const options = new Set(question.options.map((o) => o.text));
  return chosen.every((c) => options.has(c)) ? null : MSG.ANSWER_NOT_AN_OPTION;
}

/** The stored text of an answer. */
export function answerText(answer: string | readonly string[]): string {
  return typeof answer === 'string'
    ? answer.trim()
    : answer
        .map((a) => a.trim())
        .filter(Boolean)
        .join(CHECKBOX_SEPARATOR);
}

/** A question as the admin screen and the donor form read it. */
export const customQuestion = z.object({
  id: z.number(),
  centerId: z.number(),
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  /** public, staff or private; archived questions have isActive false and keep this. */
  status: z.enum(QUESTION_VISIBILITIES),
  isActive: z.boolean(),
  isRequired: z.boolean(),
  tab: z.enum(QUESTION_TABS),
  options: z.array(questionOption),
  updatedAt: z.string(),
});
export type CustomQuestion = z.output<typeof customQuestion>;

/** A question of the donor's center with the donor's stored answer ('' when none). */
export const donorQuestion = customQuestion.extend({ answer: z.string() });
export type DonorQuestion = z.output<typeof donorQuestion>;
