// The donor visibility rule's front door: which donors a caller may see, as a check, a condition
// for other modules' queries, or the values the search index filters by.
export {
  assertDonorVisible,
  donorVisibility,
  type VisibilityRule,
  visibilityRule,
  visibilitySql,
} from './donor-access.js';
export {
  isDonorVisible,
  type VisibilityValues,
  visibilitySqlOf,
  visibilityValues,
} from './donor-access.repo.js';
