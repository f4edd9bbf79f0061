import { z } from 'zod';
import { defineCall, defineDownload, epochMs, XLSX_TYPE } from '../call.js';
import { LogModule } from '../lookups.js';
import { VISIT_KINDS } from '../visitStates.js';
import { VISIT_READERS } from './visits.js';

/**
 * Who is on site now (signed in, not signed out): the live board and the evacuation list. A sub-company sees its own
 * visitors, a front desk tied to gates those gates'. Suppliers and logistics join when their modules exist.
 */
export const ONSITE_READERS = VISIT_READERS;

const onSitePerson = z.object({
  vid: z.int32(),
  kind: z.enum(VISIT_KINDS),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  empName: z.string().describe('the host'),
  empPhone: z.string(),
  visitType: z.string(),
  followers: z.int32().describe('people with them'),
  visitdate: epochMs.describe('signed in'),
  cardNo: z.string(),
});

export const onSiteGate = z.object({
  gid: z.int32().nullable().describe('null: signed in without a gate'),
  gname: z.string(),
  people: z.int32().describe('with followers'),
  list: z.array(onSitePerson),
});

export const getOnSiteList = defineCall({
  name: 'getOnSiteList',
  area: 'visitors',
  module: 'onsite',
  summary: 'Everyone on site now, grouped by the gate they came in at (latest arrival first in each), with totals by kind',
  access: ONSITE_READERS,
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({
    at: epochMs.describe('when the list was read'),
    visits: z.int32(),
    people: z.int32().describe('with followers'),
    byKind: z.record(z.enum(VISIT_KINDS), z.int32()),
    gates: z.array(onSiteGate),
  }),
});

const evacuationInput = z.object({ lang: z.enum(['zh', 'en']).default('en') });

export const exportEvacuationList = defineDownload({
  name: 'ExportEvacuationList',
  area: 'visitors',
  module: 'onsite',
  summary: 'The evacuation list as an xlsx workbook: everyone on site now, a section per gate, in the chosen language',
  access: ONSITE_READERS,
  contentType: XLSX_TYPE,
  fileName: 'evacuation',
  extension: 'xlsx',
  log: { module: LogModule.VISITOR, event: 'export' },
  input: evacuationInput,
});

export const evacuationPdf = defineDownload({
  name: 'EvacuationPdf',
  area: 'visitors',
  module: 'onsite',
  summary: 'The evacuation list as a PDF to print: everyone on site now, a section per gate, in the chosen language',
  access: ONSITE_READERS,
  contentType: 'application/pdf',
  fileName: 'evacuation',
  extension: 'pdf',
  log: { module: LogModule.VISITOR, event: 'export' },
  input: evacuationInput,
});

export const onSiteDownloads = [exportEvacuationList, evacuationPdf] as const;
