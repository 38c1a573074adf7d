import { describe, expect, it } from 'vitest';
import { companyFixture, resultFixture } from '../../../../test/web/report-fixtures';
import { precisionLabel, siteFacts } from '../../../shared/reports/report-format';
import { analysisQuerySchema, reportResponseSchema, scrapeCompanyResponseSchema } from '../../../shared/contracts/assessment-api';
import { apiAssessmentBodySchema, apiAssessmentSchema } from '../../../shared/contracts/portfolio';
import { notScreened } from '../../../shared/contracts/screening';

const site = { address: 'Otto-Hahn-Ring 6, 81739 München', latitude: 48.15, longitude: 11.583, precision: 'postal_code' as const };

describe('the report site in the contracts', () => {
  it('is optional: a report stored before sites existed still opens; one with a site keeps it', () => {
    const old = reportResponseSchema.parse({ company_data: companyFixture(), result: resultFixture(), screening: notScreened });
    expect(old.site).toBeUndefined();
    const withSite = reportResponseSchema.parse({ company_data: companyFixture(), result: resultFixture(), site, screening: notScreened });
    expect(withSite.site).toEqual(site);
    expect(withSite.company_data.address).toBe(companyFixture().address);
  });

  it('takes the site type fields and a reference when present, and precision user', () => {
    const typed = { ...site, precision: 'user', site_type: 'Warehouse', site_type_assumed: true, reference: 'Perlach campus' };
    expect(reportResponseSchema.parse({ company_data: companyFixture({ geocode_precision: 'user' }), result: resultFixture(), site: typed, screening: notScreened }).site).toEqual(
      typed,
    );
    expect(reportResponseSchema.safeParse({ company_data: companyFixture(), result: resultFixture(), site: { ...site, precision: 'street' }, screening: notScreened }).success).toBe(
      false,
    );
    expect(apiAssessmentSchema.parse({ ...resultFixture(), company_data: companyFixture(), site: typed, screening: notScreened }).site).toEqual(typed);
  });

  it('scrape answers may carry the placed site; old answers without it still parse', () => {
    expect(scrapeCompanyResponseSchema.parse({ company_data: companyFixture() }).site).toBeUndefined();
    expect(scrapeCompanyResponseSchema.parse({ company_data: companyFixture(), site }).site).toEqual(site);
  });

  it('call 13 takes a site address and placed_by=user; the API takes latitude and longitude together only', () => {
    const q = analysisQuerySchema.parse({
      company: 'DE129274202',
      location: 'Germany',
      company_name: 'Siemens Aktiengesellschaft',
      latitude: '48.16',
      longitude: '11.6',
      site_address: ' Otto-Hahn-Ring 6, 81739 München ',
      placed_by: 'user',
    });
    expect(q).toMatchObject({ latitude: 48.16, longitude: 11.6, site_address: 'Otto-Hahn-Ring 6, 81739 München', placed_by: 'user' });
    expect(analysisQuerySchema.safeParse({ company: 'x', location: 'Germany', company_name: 'y', placed_by: 'robot' }).success).toBe(false);
    expect(apiAssessmentBodySchema.safeParse({ fiscal_number: 'DE129274202', country: 'DE', latitude: 48.1, longitude: 11.6 }).success).toBe(true);
    expect(apiAssessmentBodySchema.safeParse({ fiscal_number: 'DE129274202', country: 'DE', latitude: 48.1 }).success).toBe(false);
    expect(apiAssessmentBodySchema.safeParse({ fiscal_number: 'DE129274202', country: 'DE', latitude: 91, longitude: 0 }).success).toBe(false);
  });
});

describe('the site facts of the report (screen and PDF)', () => {
  it('name the address, coordinates, placement, and the type and reference when known', () => {
    expect(siteFacts(site)).toEqual([
      { label: 'Site address', value: 'Otto-Hahn-Ring 6, 81739 München' },
      { label: 'Latitude', value: '48.15000' },
      { label: 'Longitude', value: '11.58300' },
      { label: 'Placement', value: 'Postal code area' },
    ]);
    const facts = siteFacts({ ...site, precision: 'user', site_type: 'Warehouse', site_type_assumed: true, reference: 'R-7' });
    expect(facts).toContainEqual({ label: 'Placement', value: 'Placed by the user' });
    expect(facts).toContainEqual({ label: 'Site type', value: 'Warehouse (assumed)' });
    expect(facts).toContainEqual({ label: 'Reference', value: 'R-7' });
    expect(precisionLabel('user')).toBe('Placed by the user');
  });
});
