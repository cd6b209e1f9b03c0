export const FEEDBACK_LABEL = { yes: 'Yes', maybe: 'Maybe', no: 'No' } as const;
/** Dark shades keep the white badge text at 4.5:1 contrast. */
export const FEEDBACK_COLOR = { yes: 'teal.9', maybe: 'gray.8', no: 'red.9' } as const;
