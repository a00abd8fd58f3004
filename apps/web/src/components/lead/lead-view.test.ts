// What the CRM shows of a lead: its details with the data table's own columns, the called flag, optional values.
import { describe, expect, it } from 'vitest';
import type { TLead } from '@crm/shared';
import { isCalledLead, leadDetails, leadVersion, optionalValueText } from './lead-view.ts';

const LEAD: TLead = {
  id: 12,
  did: null,
  data_status: 'valid',
  br_id: 'BR-1',
  region: 'Dhaka',
  territory: 'Mirpur',
  area: 'Section 10',
  respondent_name: 'Rahim Uddin',
  cell_number: '+8801712345678',
  data_date: '2026-11-20',
  brand: 'Gold Leaf',
  target_selector: 'Retailer',
  for_d: 'd',
  generate_status: 1,
  is_called: 0,
  createdAt: '2026-11-20T08:00:00.000Z',
  'Outlet name': 'Karim Store',
  Q1: 'Yes',
  Q2: null,
  version: 3,
};

describe('lead details', () => {
  it("lists what an agent reads, then the data table's own columns, never answers or bookkeeping", () => {
    expect(leadDetails(LEAD)).toEqual([
      { label: 'Respondent name', value: 'Rahim Uddin' },
      { label: 'Cell number', value: '+8801712345678' },
      { label: 'Region', value: 'Dhaka' },
      { label: 'Area', value: 'Section 10' },
      { label: 'Territory', value: 'Mirpur' },
      { label: 'Brand', value: 'Gold Leaf' },
      { label: 'Data date', value: '2026-11-20' },
      { label: 'Target selector', value: 'Retailer' },
      { label: 'br_id', value: 'BR-1' },
      { label: 'Outlet name', value: 'Karim Store' },
    ]);
    expect(
      leadDetails({ ...LEAD, region: null, brand: '' })
        .filter((d) => d.value === '—')
        .map((d) => d.label),
    ).toEqual(['Region', 'Brand']);
  });

  it('reads the version a save sends back, and none from a server that sends none', () => {
    expect(leadVersion(LEAD)).toBe(3);
    expect(leadVersion({ ...LEAD, version: 0 })).toBe(0);
    const { version: _, ...older } = LEAD;
    expect(leadVersion(older)).toBeUndefined();
    expect(leadVersion({ ...LEAD, version: 'x' })).toBeUndefined();
  });

  it('knows a lead already called', () => {
    expect(isCalledLead(LEAD)).toBe(false);
    expect(isCalledLead({ ...LEAD, is_called: 1 })).toBe(true);
  });

  it("fills a question's optional value from the lead or the signed-in agent", () => {
    expect(optionalValueText('Respondent', LEAD, 'Karim Hossain')).toBe('Respondent: Rahim Uddin');
    expect(optionalValueText('Territory', LEAD, 'Karim Hossain')).toBe('Territory: Mirpur');
    expect(optionalValueText('Agent', LEAD, 'Karim Hossain')).toBe('Agent: Karim Hossain');
    expect(optionalValueText('Brand', LEAD, 'Karim Hossain')).toBe('Brand: Gold Leaf');
    expect(optionalValueText('Data Date', LEAD, 'Karim Hossain')).toBe('Data Date: 2026-11-20');
    expect(optionalValueText('Brand', { ...LEAD, brand: null }, 'x')).toBe('Brand: —');
    expect(optionalValueText(null, LEAD, 'x')).toBeUndefined();
  });
});
