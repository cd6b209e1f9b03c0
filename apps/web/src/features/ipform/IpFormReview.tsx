import { cmToFeetInches, kgToLb } from '@dm/shared';
import { Stack } from '@mantine/core';
import { KeyValueTable } from '../../components/KeyValueTable';
import type { Values } from '../donorform/fields';

const blank = '—';
const text = (v: unknown) => (v === null || v === undefined || v === '' ? blank : String(v));
const yesNo = (v: unknown) => (v === 1 ? 'Yes' : v === 0 ? 'No' : blank);
const height = (cm: unknown) => {
  if (typeof cm !== 'number') return blank;
  const { feet, inches } = cmToFeetInches(cm);
  return `${feet} ft ${inches} in (${cm} cm)`;
};
const weight = (kg: unknown) => (typeof kg === 'number' ? `${kgToLb(kg)} lb (${kg} kg)` : blank);

/** The confirm tab: every answer of the three tabs, as they will be submitted. */
export function IpFormReview({
  general: g,
  personal: p,
  fertility: f,
}: {
  general: Values;
  personal: Values;
  fertility: Values;
}) {
  const cycles = Array.isArray(f.cycles) ? (f.cycles as Values[]) : [];
  return (
    <Stack>
      <KeyValueTable
        caption="General"
        labelWidth="40%"
        rows={[
          { key: 'country', label: 'Country', value: text(g.country) },
          { key: 'state', label: 'State', value: text(g.state) },
          { key: 'city', label: 'City', value: g.city === 'Other' ? text(g.city_other) : text(g.city) },
          { key: 'zipcode', label: 'Zip code', value: text(g.zipcode) },
          { key: 'dob', label: 'Your date of birth', value: text(g.dob) },
          { key: 'sec_partner_dob', label: "Partner's date of birth", value: text(g.sec_partner_dob) },
          { key: 'consultation_date', label: 'Consultation date', value: text(g.consultation_date) },
          { key: 'therapy', label: 'Previous therapy', value: yesNo(g.previous_therapy) },
          { key: 'medication', label: 'Psychological medication', value: yesNo(g.psychological_medication) },
          { key: 'abuse', label: 'Convicted of child abuse', value: yesNo(g.convicted_in_child_abuse) },
        ]}
      />
      <KeyValueTable
        caption="Personal characteristics"
        labelWidth="40%"
        rows={[
          { key: 'height', label: 'Your height', value: height(p.height) },
          { key: 'sec_partner_height', label: "Partner's height", value: height(p.sec_partner_height) },
          { key: 'donor_height', label: 'Preferred donor height', value: height(p.donor_height) },
          { key: 'weight', label: 'Your weight', value: weight(p.weight) },
          { key: 'sec_partner_weight', label: "Partner's weight", value: weight(p.sec_partner_weight) },
        ]}
      />
      <KeyValueTable
        caption="Fertility history"
        labelWidth="40%"
        rows={[
          {
            key: 'diagnosis',
            label: 'Diagnosis',
            value: Array.isArray(f.diagnosis) && f.diagnosis.length > 0 ? f.diagnosis.join(', ') : blank,
          },
          { key: 'months_trying', label: 'Months trying to conceive', value: text(f.months_trying) },
          {
            key: 'cycles',
            label: 'Previous cycles',
            value:
              cycles.length === 0
                ? blank
                : cycles.map((c) => `${text(c.treatment)} ${text(c.year)}: ${text(c.outcome)}`).join('; '),
          },
          { key: 'clinic_name', label: 'Fertility clinic', value: text(f.clinic_name) },
          { key: 'sperm_source', label: 'Sperm source', value: text(f.sperm_source) },
        ]}
      />
    </Stack>
  );
}
