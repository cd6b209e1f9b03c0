import {
  clinicOrDateMessage,
  type DonorFormTab,
  defaultFamilyRelations,
  isSavableTab,
  MSG,
  type SavableTab,
  TAB_SCHEMAS,
} from '@dm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { bodySchema, type FormSchema, serverFieldOf, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import type { Values } from './fields';
import { formKeys, saveFormTab } from './queries';
import { normaliseHeights } from './tabs';

/** What is sent: rows without a chosen name are dropped, selects' strings become numbers. */
export function formDataOf(tab: SavableTab, values: Values): Values {
  if (tab === 'general') {
    const v = normaliseHeights(values);
    return {
      ...v,
      contactType: v.contactType === null || v.contactType === undefined ? 0 : Number(v.contactType),
    };
  }
  if (tab === 'personalCharacterstics') {
    const named = (list: unknown) => (Array.isArray(list) ? list.filter((e) => e.name) : []);
    return { ...values, races: named(values.races), ethnicities: named(values.ethnicities) };
  }
  return values;
}

/** A new family-health tab starts with the default relations (Self only where the center says so). */
function withDefaults(tab: DonorFormTab, data: Values, selfOnly: boolean): Values {
  if (tab !== 'familyHealth' || (Array.isArray(data.members) && data.members.length > 0)) return data;
  return {
    ...data,
    members: defaultFamilyRelations(selfOnly).map((relation) => ({
      relation,
      applicable: true,
      living: true,
    })),
  };
}

/**
 * The tab's shared schema, judging what the server will receive: the values as sent, through
 * JSON (a cleared number is null there, not NaN).
 */
function tabSchema(tab: DonorFormTab): FormSchema {
  if (!isSavableTab(tab)) return bodySchema(z.unknown(), (values) => values);
  return bodySchema(TAB_SCHEMAS[tab], (values: Values) =>
    JSON.parse(JSON.stringify(formDataOf(tab, values))),
  );
}

/**
 * The state of the open tab of the donor form: one Mantine form on the tab's shared schema, reset
 * to the server's answer as a tab loads, saved per tab. A refused save (by the schema before
 * sending, or by the server) is shown as one message with its field highlighted, as the server
 * names them; the other rules (date ranges, the center's percentages) stay the server's.
 */
export function useTabForm({
  donorId,
  page,
  loaded,
  selfOnly,
  readOnly,
  clinicLabel,
}: {
  donorId: number | null;
  page: DonorFormTab;
  /** The tab's data as the server answered it (undefined while loading). */
  loaded: Values | undefined;
  selfOnly: boolean | undefined;
  readOnly: boolean;
  clinicLabel: string | undefined;
}) {
  const queryClient = useQueryClient();
  const schema = useMemo(() => tabSchema(page), [page]);
  const { form } = useZodForm<Values>(schema, {});
  const [saved, setSaved] = useState<Values>({});
  const [error, setError] = useState<string | null>(null);
  const [errorField, setErrorField] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  useEffect(() => {
    if (!loaded || selfOnly === undefined) return;
    const data = withDefaults(page, loaded, selfOnly);
    setSaved(data);
    form.setInitialValues(data);
    form.reset();
    setError(null);
  }, [loaded, page, selfOnly]);

  const values = form.values;
  const dirty = isSavableTab(page) && !readOnly && JSON.stringify(values) !== JSON.stringify(saved);

  const refuse = useCallback(
    (message: string, field: string | null) => {
      setError(message === MSG.CLINIC_OR_DATE ? clinicOrDateMessage(clinicLabel) : message);
      setErrorField(field);
    },
    [clinicLabel],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object changes every render
  const save = useCallback(async (): Promise<boolean> => {
    if (!donorId || !isSavableTab(page)) return true;
    const checked = form.validate();
    const [field, message] = Object.entries(checked.errors)[0] ?? [];
    if (field !== undefined) {
      refuse(String(message), field);
      return false;
    }
    try {
      const result = await saveFormTab(donorId, page, formDataOf(page, values));
      notify('success', result.changeVersion ? MSG.FORM_CHANGES_RECORDED : MSG.DONOR_FORM_SAVED);
      setError(null);
      setErrorField(null);
      setSaved(values);
      form.setInitialValues(values);
      await queryClient.invalidateQueries({ queryKey: formKeys.all });
      return true;
    } catch (e) {
      if (e instanceof ApiError) refuse(e.message, serverFieldOf(e));
      return false;
    }
  }, [donorId, page, values, queryClient, refuse]);

  const discard = useCallback(() => form.reset(), [form.reset]);
  const set = useCallback((patch: Values) => form.setValues(patch), [form.setValues]);

  return { values, set, dirty, save, discard, error, errorField };
}
