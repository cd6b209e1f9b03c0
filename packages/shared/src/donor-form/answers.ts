import type { FieldChange } from './changes.js';
import type { BlankField } from './mandatory.js';
import type { DonorFormTab } from './tabs.js';

// Answers

export interface DonorFormStatus {
  donorId: number;
  availability: string;
  lastTab: number | null;
  landingPage: number;
  preview: boolean;
  initialStage: boolean;
  changeTracked: boolean;
  canSubmitMain: boolean;
  pendingChangeVersion: number | null;
  centerSettings: {
    raceTotalFree: boolean;
    /** Selected races (and ethnicities) share 100 evenly to two decimals (splitEvenly). */
    raceEvenSplit: boolean;
    selfOnlyRelations: boolean;
    isCompensationVisible: boolean;
    isDonorTypeVisible: boolean;
  };
  /** Age and BMI from the form against the center's range; null where the check does not run. */
  eligibility: { eligible: boolean; reasons: ('age' | 'bmi')[] } | null;
  /** Set when this read submitted a scraped-profile donor's main form for her. */
  autoSubmitted: boolean;
}

/** GET /getagencycontact: how a donor (or any user) reaches her agency. */
export interface AgencyContact {
  name: string;
  email: string;
  contactNo: string;
  address: string;
  agencyUrl: string;
}

export interface DonorFormTabAnswer<T = Record<string, unknown>> {
  tabName: DonorFormTab;
  data: T;
  status: DonorFormStatus;
  hasSsn?: boolean;
}

export interface SubmitResult {
  availability: string;
  blank: BlankField[];
}

export interface ChangeSetSummary {
  version: number;
  tab: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  changes: FieldChange[];
}

export interface DonorHome {
  donorId: number;
  firstName: string;
  availability: string;
  preview: boolean;
  landingPage: number;
  todo: BlankField[];
  messages: { createdAt: string; message: string; status: string }[];
}
