/**
 * The donor form (donor-forms spec sections 2-5): its 11 tabs, one zod schema per savable tab
 * (the web form and the server judge alike), the race/ethnicity percentage rules, the mandatory
 * fields checked at submission, the status flow and the change-set diff.
 */

export * from './answers.js';
export * from './bodies.js';
export * from './changes.js';
export * from './dates.js';
export * from './mandatory.js';
export * from './percentages.js';
export * from './schemas.js';
export * from './status.js';
export * from './tabs.js';
export * from './templates.js';
