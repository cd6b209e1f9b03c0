import { MSG, searchRequest } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, fromFilters, toFilters, toSearchRequest, validate } from './form';

const LIST = { sortby: 'Newest', orderby: null, recordcount: 25, currentPage: 1 } as const;

describe('search form -> request body', () => {
  it('sends only the default age range for an untouched form', () => {
    expect(toFilters(EMPTY_FORM)).toEqual({ minage: 19, maxage: 36 });
    expect(toSearchRequest(toFilters(EMPTY_FORM), LIST)).toEqual({
      minage: 19,
      maxage: 36,
      sortby: 'Newest',
      recordcount: 25,
      currentPage: 1,
    });
  });

  it('maps every kind of field to the shared schema', () => {
    const body = toSearchRequest(
      toFilters({
        ...EMPTY_FORM,
        centers: ['1', '85'],
        eyecolor: ['Blue'],
        race: ['White', 'Asian'],
        raceCondition: 'AND',
        ethnicity: ['Caucasian'],
        ethCondition: 'AND',
        minHeightFeet: 5,
        minHeightInches: 6,
        age: [21, 30],
        minact: 25,
        maxact: '',
        mingpa: 3.5,
        first_name: '  Ann ',
        globalSearch: 'a',
        zipcode: '10001',
        distance: '250',
        college_degree: true,
        previousdonor: false,
      }),
      { sortby: 'Distance', orderby: 'desc', recordcount: 50, currentPage: 3, searchId: 7 },
    );
    expect(body).toEqual({
      centers: [1, 85],
      eyecolor: ['Blue'],
      race: ['White', 'Asian'],
      raceCondition: 'AND',
      ethnicity: ['Caucasian'],
      minHeightFeet: 5,
      minHeightInches: 6,
      minage: 21,
      maxage: 30,
      minact: 25,
      mingpa: 3.5,
      first_name: 'Ann',
      zipcode: '10001',
      distance: 250,
      college_degree: true,
      sortby: 'Distance',
      orderby: 'desc',
      recordcount: 50,
      currentPage: 3,
      searchId: 7,
    });
    // The route's own schema accepts what the form sends.
    expect(searchRequest.safeParse(body).success).toBe(true);
  });

  it('checks the form with the route schema: distance needs a zip code', () => {
    const body = toSearchRequest(toFilters({ ...EMPTY_FORM, distance: '100' }), LIST);
    expect(validate(body)).toEqual({ distance: MSG.ZIP_CODE_FIRST });
  });

  it('round-trips a saved search through the form', () => {
    const filters = toFilters({
      ...EMPTY_FORM,
      haircolor: ['Red'],
      maxHeightFeet: 5,
      maxHeightInches: 8,
      amhMax: 0,
    } as never);
    expect(toFilters(fromFilters(searchRequest.parse(filters)))).toEqual(filters);
  });
});
