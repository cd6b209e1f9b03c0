import type { z } from 'zod';
import { DEFAULT_CLINIC_LABEL, TAB_SCHEMAS } from './schemas.js';
import { SAVABLE_TABS, type SavableTab } from './tabs.js';

// Center templates (spec section 2: some centers use their own general, health and
// characteristics tabs). A template hides fields and renames them; the clinic label also names
// the past-donation message "{clinic label} or Date of Retrieval is required."

export const TEMPLATE_TABS = ['general', 'personalHealth', 'personalCharacterstics'] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

export interface DonorFormTemplate {
  clinicLabel?: string;
  tabs?: Partial<Record<TemplateTab, { hidden?: string[]; labels?: Record<string, string> }>>;
}

/** Fields a template may never hide: the ones every submission needs. */
export const TEMPLATE_FIXED_FIELDS: readonly string[] = ['firstName', 'lastName', 'dateOfBirth', 'contactNo'];

/** The fields of each savable tab, in the order of its schema. */
export function tabFieldKeys(tab: SavableTab): string[] {
  return Object.keys((TAB_SCHEMAS[tab] as unknown as z.ZodObject<z.ZodRawShape>).shape);
}

export interface TabFields {
  tab: SavableTab;
  fields: string[];
  hidden: string[];
  labels: Record<string, string>;
}

/** GET getdonorformfields: a center's form, tab by tab, with its template applied. */
export interface DonorFormFields {
  clinicLabel: string;
  tabs: TabFields[];
}

/**
 * The general tab's questions a center's settings keep from the donor herself: the
 * donor type where it is hidden (isDonorTypeVisible), the fee question where compensation is
 * (isCompensationVisible). Staff always see and answer them.
 */
export function donorHiddenBySettings(settings: {
  isDonorTypeVisible: boolean;
  isCompensationVisible: boolean;
}): string[] {
  return [
    ...(settings.isDonorTypeVisible ? [] : ['donorType']),
    ...(settings.isCompensationVisible ? [] : ['donorFee', 'donorFeeOther']),
  ];
}

/** The template with more fields of one tab hidden. */
export function withHiddenFields(
  template: DonorFormTemplate | null | undefined,
  tab: TemplateTab,
  keys: readonly string[],
): DonorFormTemplate {
  if (keys.length === 0) return template ?? {};
  const t = template?.tabs?.[tab];
  return {
    ...template,
    tabs: { ...template?.tabs, [tab]: { ...t, hidden: [...new Set([...(t?.hidden ?? []), ...keys])] } },
  };
}

/** The form's tabs and fields with a center's template applied (the default form without one). */
export function formFields(template: DonorFormTemplate | null | undefined): DonorFormFields {
  return {
    clinicLabel: template?.clinicLabel?.trim() || DEFAULT_CLINIC_LABEL,
    tabs: SAVABLE_TABS.map((tab) => {
      const all = tabFieldKeys(tab);
      const t = (TEMPLATE_TABS as readonly string[]).includes(tab)
        ? template?.tabs?.[tab as TemplateTab]
        : undefined;
      const hidden = (t?.hidden ?? []).filter((f) => all.includes(f) && !TEMPLATE_FIXED_FIELDS.includes(f));
      return {
        tab,
        fields: all.filter((f) => !hidden.includes(f)),
        hidden,
        labels: Object.fromEntries(Object.entries(t?.labels ?? {}).filter(([k]) => all.includes(k))),
      };
    }),
  };
}
