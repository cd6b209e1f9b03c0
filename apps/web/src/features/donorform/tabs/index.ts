/** The donor form's savable tabs, one file per group of tabs; each view renders one tab's fields. */
export { addProblem, CharacteristicsTabView } from './CharacteristicsTab';
export { normaliseHeights, type TabProps } from './common';
export { DiseaseTabView, FamilyHealthTabView } from './FamilyTabs';
export { GeneralTabView } from './GeneralTab';
export { PersonalHealthTabView } from './HealthTab';
export { EducationTabView, GuidelinesTabView, PastDonationTabView } from './HistoryTabs';
