// Tabs

/** Tabs by number (1-based): the spec's names, typo included. */
export const DONOR_FORM_TABS = [
  'guidelines',
  'general',
  'personalHealth',
  'personalCharacterstics',
  'familyHealth',
  'disease',
  'pastDonation',
  'educationDetails',
  'miscellaneous',
  'uploadPhotos',
  'submitForm',
] as const;
export type DonorFormTab = (typeof DONOR_FORM_TABS)[number];
export const DONOR_FORM_TAB_LABELS: Record<DonorFormTab, string> = {
  guidelines: 'Guidelines',
  general: 'General',
  personalHealth: 'Personal health',
  personalCharacterstics: 'Characteristics',
  familyHealth: 'Family health',
  disease: 'Diseases',
  pastDonation: 'Past donations',
  educationDetails: 'Education',
  miscellaneous: 'Miscellaneous',
  uploadPhotos: 'Photos & media',
  submitForm: 'Submit',
};
export const tabNumber = (tab: DonorFormTab): number => DONOR_FORM_TABS.indexOf(tab) + 1;
export const tabAt = (page: number): DonorFormTab | null => DONOR_FORM_TABS[page - 1] ?? null;

/** The tabs saved through updatedonorformdetails (miscellaneous goes through the custom answers). */
export const SAVABLE_TABS = [
  'general',
  'personalHealth',
  'personalCharacterstics',
  'familyHealth',
  'disease',
  'pastDonation',
  'educationDetails',
] as const;
export type SavableTab = (typeof SAVABLE_TABS)[number];
export const isSavableTab = (tab: string): tab is SavableTab =>
  (SAVABLE_TABS as readonly string[]).includes(tab);

/** The initial form: the tabs a donor fills before the agency accepts her (1-3 and 10). */
export const INITIAL_FORM_TABS: readonly DonorFormTab[] = [
  'guidelines',
  'general',
  'personalHealth',
  'uploadPhotos',
];
/** Default tab when nothing better is known. */
export const DEFAULT_FORM_PAGE = 2;
