// Query keys that more than one feature reads or refreshes (a match changes a donor's page and
// the portfolios that hold her; an upload changes the donor's page), so no feature imports
// another's queries module for them.

/** Query keys of the donor screens. */
export const donorKeys = {
  details: (id: number) => ['donors', 'details', id] as const,
  notes: (id: number) => ['donors', 'notes', id] as const,
  favorites: (userId: number | null) => ['donors', 'favorites', userId] as const,
  shared: ['donors', 'shared'] as const,
  managers: ['donors', 'managers'] as const,
  compare: (ids: number[]) => ['donors', 'compare', ...ids] as const,
  pdf: (id: number) => ['donors', 'pdf', id] as const,
};

/** Query keys of the portfolio screens. */
export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: (archived: boolean) => ['portfolios', 'list', archived] as const,
  detail: (id: number, mode: string) => ['portfolios', 'detail', id, mode] as const,
  notes: (id: number) => ['portfolios', 'notes', id] as const,
  shared: (id: number) => ['portfolios', 'shared', id] as const,
  donorFeedback: (donorId: number) => ['portfolios', 'donorFeedback', donorId] as const,
};

/** Query keys of the agency settings (/generalconfiguration, /feeandpayment; the donor form reads the fee options). */
export const settingsKeys = {
  all: ['settings'] as const,
  access: (centerId: number) => ['settings', 'access', centerId] as const,
  managers: (centerId: number) => ['settings', 'managers', centerId] as const,
  defaultManager: (centerId: number) => ['settings', 'defaultManager', centerId] as const,
  twilio: (centerId: number) => ['settings', 'twilio', centerId] as const,
  feeOptions: (centerId: number) => ['settings', 'fees', centerId] as const,
};
