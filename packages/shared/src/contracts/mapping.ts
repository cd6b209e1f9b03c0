import { endpoint } from '../contract.js';
import {
  fieldToBeMappedBody,
  mappingItemData,
  mappingItemParams,
  mappingPage,
  mappingSaved,
  updateMappingBody,
  updateMappingOneBody,
} from '../mapping.js';

/** Field mapping is the master admin's page. */
const access = { pages: ['mapping'] } as const;

/** Field mapping: imported values that are not app values, mapped to app values. */
export const mappingContract = {
  item: endpoint({
    method: 'GET',
    path: '/getdatafromtables/:id',
    access,
    summary: 'The app values a mapping item maps to',
    params: mappingItemParams,
    data: mappingItemData,
  }),
  rows: endpoint({
    method: 'POST',
    path: '/getfieldtobemapped',
    access,
    summary: "A page of an item's imported values, unmapped or mapped, searchable",
    body: fieldToBeMappedBody,
    data: mappingPage,
  }),
  mapMany: endpoint({
    method: 'POST',
    path: '/updatemappingfield',
    access,
    summary: 'Map the selected imported values (row ids in type) to mapped_type',
    body: updateMappingBody,
    data: mappingSaved,
  }),
  mapOne: endpoint({
    method: 'POST',
    path: '/updatemappingfielde',
    access,
    summary: "Set or change one imported value's mapping",
    body: updateMappingOneBody,
    data: mappingSaved,
  }),
};
