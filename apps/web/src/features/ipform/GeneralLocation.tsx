import { SimpleGrid, TextInput } from '@mantine/core';
import { ChoiceSelect } from '../../components/ReadOnlyValue';
import type { Values } from '../donorform/fields';
import { useCities, useCountries, useStates } from '../donorform/queries';

/**
 * Country, state and city (or another city) and zip of the IP form's general tab: country and
 * state are ISO codes from the reference lists, the city a name; a new country clears state and
 * city. An invalid zip is saved as null by the server (shared normaliseIpGeneral).
 */
export function GeneralLocation({
  values,
  onChange,
  readOnly,
  errors,
}: {
  values: Values;
  onChange: (patch: Values) => void;
  readOnly: boolean;
  errors: Record<string, string>;
}) {
  const country = typeof values.country === 'string' ? values.country : null;
  const state = typeof values.state === 'string' ? values.state : null;
  const countries = useCountries().data ?? [];
  const states = useStates(country).data ?? [];
  const cities = useCities(country, state).data ?? [];
  const cityOptions = [...cities.map((c) => c.name), 'Other'];
  const city = typeof values.city === 'string' ? values.city : '';
  const keep = (list: { value: string; label: string }[], current: string | null) =>
    current && !list.some((o) => o.value === current) ? [{ value: current, label: current }, ...list] : list;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <ChoiceSelect
        label="Country"
        readOnly={readOnly}
        error={errors.country}
        data={[
          { value: '', label: 'Select' },
          ...keep(
            countries.map((c) => ({ value: c.isoCode, label: c.name })),
            country,
          ),
        ]}
        value={country ?? ''}
        onChange={(e) =>
          onChange({ country: e.currentTarget.value || null, state: null, city: null, city_other: null })
        }
      />
      <ChoiceSelect
        label="State"
        readOnly={readOnly}
        error={errors.state}
        data={[
          { value: '', label: 'Select' },
          ...keep(
            states.map((s) => ({ value: s.isoCode, label: s.name })),
            state,
          ),
        ]}
        value={state ?? ''}
        onChange={(e) => onChange({ state: e.currentTarget.value || null, city: null, city_other: null })}
      />
      <ChoiceSelect
        label="City"
        readOnly={readOnly}
        error={errors.city}
        data={[
          { value: '', label: 'Select' },
          ...keep(
            cityOptions.map((c) => ({ value: c, label: c })),
            city || null,
          ),
        ]}
        value={city}
        onChange={(e) => onChange({ city: e.currentTarget.value || null, city_other: null })}
      />
      {city === 'Other' ? (
        <TextInput
          label="Other city"
          readOnly={readOnly}
          error={errors.city_other}
          value={String(values.city_other ?? '')}
          onChange={(e) => onChange({ city_other: e.currentTarget.value || null })}
        />
      ) : null}
      <TextInput
        label="Zip code"
        readOnly={readOnly}
        error={errors.zipcode}
        value={String(values.zipcode ?? '')}
        onChange={(e) => onChange({ zipcode: e.currentTarget.value || null })}
      />
    </SimpleGrid>
  );
}
