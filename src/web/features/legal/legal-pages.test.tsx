// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorIdentity } from '../../../shared/contracts/common';
import { NO_OPERATOR } from '../../../shared/operator';
import { installPublicConfig } from '../../../../test/web/test-config';
import { t } from '../../lib/i18n';
import { ImprintPage } from './imprint-page';
import { PRIVACY_CHANGES, PrivacyPage } from './privacy-page';
import { SubProcessorsPage } from './sub-processors-page';
import { TERMS_CHANGES, TermsPage } from './terms-page';

const operator: OperatorIdentity = {
  name: 'Risiko Analytik GmbH',
  address: 'Marienplatz 1, 80331 München, Germany',
  register: 'Amtsgericht München, HRB 123456',
  vatId: 'DE123456789',
  email: 'legal@risiko.example.eu',
  representative: 'Erika Mustermann',
  dpoEmail: 'dpo@risiko.example.eu',
};

function renderAt(path: string, page: ReactNode) {
  return render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  document.title = '';
});

const section = (id: string) => document.getElementById(id) as HTMLElement;
const definitions = (root: HTMLElement) =>
  Object.fromEntries(within(root).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

describe('Imprint', () => {
  it('shows the operator from the runtime config, with its title and description', () => {
    installPublicConfig({ operator });
    renderAt('/imprint', <ImprintPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Imprint');
    expect(document.title).toBe('Imprint | Corisk');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/Impressum/);
    expect(definitions(section('operator'))).toEqual({
      Operator: 'Risiko Analytik GmbH',
      Address: 'Marienplatz 1, 80331 München, Germany',
      'Represented by': 'Erika Mustermann',
      Register: 'Amtsgericht München, HRB 123456',
      'VAT ID': 'DE123456789',
      'E-mail': 'legal@risiko.example.eu',
      'Data protection officer': 'dpo@risiko.example.eu',
    });
    expect(screen.queryByText(/not configured/)).toBeNull();
    expect(within(section('contact')).getByRole('link', { name: 'legal@risiko.example.eu' }).getAttribute('href')).toBe(
      'mailto:legal@risiko.example.eu',
    );
  });

  it('says plainly that the operator is not configured, naming the settings, and shows only what is set', () => {
    installPublicConfig({ operator: { ...NO_OPERATOR, name: 'Half Configured Ltd' } });
    renderAt('/imprint', <ImprintPage />);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('The operator of this deployment is not configured.');
    expect(note.textContent).toContain('OPERATOR_NAME, OPERATOR_ADDRESS and OPERATOR_EMAIL');
    expect(definitions(section('operator'))).toEqual({ Operator: 'Half Configured Ltd' });
  });
});

describe('Privacy policy: the controller', () => {
  it('names the configured operator as controller, with its address, register and the DPO for requests', () => {
    installPublicConfig({ operator });
    renderAt('/support/privacy-policy', <PrivacyPage />);
    const controller = section('controller');
    expect(controller.textContent).toContain('is Risiko Analytik GmbH (“we”, “us”)');
    expect(definitions(controller)).toMatchObject({ Address: 'Marienplatz 1, 80331 München, Germany', Register: 'Amtsgericht München, HRB 123456' });
    const mail = within(controller).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(mail).toContain('mailto:dpo@risiko.example.eu');
    expect(mail).toContain('mailto:legal@risiko.example.eu');
    expect(within(controller).getByRole('link', { name: 'Imprint' }).getAttribute('href')).toBe('/imprint');
    expect(screen.queryByRole('note')).toBeNull();
    expect(within(section('processors')).getByRole('link', { name: 'sub-processors page' }).getAttribute('href')).toBe(
      '/support/sub-processors',
    );
  });

  it('without an operator: says it is not configured and sends requests to the contact address', () => {
    installPublicConfig({ operator: NO_OPERATOR, contactEmailInfo: 'info@corisk.example' });
    renderAt('/support/privacy-policy', <PrivacyPage />);
    const controller = section('controller');
    expect(within(controller).getByRole('note').textContent).toContain('The operator of this deployment is not configured.');
    expect(within(controller).getByRole('link', { name: 'info@corisk.example' })).toBeTruthy();
  });
});

describe('Privacy policy: sanctions screening', () => {
  it('names the officers and owners it screens, and the purpose with its legal basis', () => {
    installPublicConfig({ operator });
    renderAt('/support/privacy-policy', <PrivacyPage />);
    expect(section('data-we-collect').textContent).toContain('Officers and owners of assessed companies');
    const purposes = section('purposes').textContent ?? '';
    expect(purposes).toContain('Screening assessed companies, their officers and owners against the EU, UN and UK sanctions lists');
    expect(purposes).toContain('complying with sanctions law — Art. 6(1)(f)');
  });
});

describe('Sub-processors', () => {
  it('lists the services the server published, what each receives and where it is hosted', () => {
    installPublicConfig({
      outsideServices: [
        { id: 'stripe', host: 'api.stripe.com' },
        { id: 'smtp', host: 'smtp.mail.example.eu' },
        { id: 'openai-compatible', host: '127.0.0.1' },
        { id: 'nominatim', host: 'geo.internal.example' },
        { id: 'vies', host: 'ec.europa.eu' },
        { id: 'postgresql', host: null },
      ],
    });
    renderAt('/support/sub-processors', <SubProcessorsPage />);
    expect(document.title).toBe('Sub-processors | Corisk');
    const rows = within(screen.getByRole('table', { name: 'Outside services this deployment uses' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows.map((r) => [r[0], r[3]])).toEqual([
      ['Stripe', 'Stripe Payments Europe, Ltd. (Ireland), at api.stripe.com'],
      ['E-mail delivery (SMTP)', 'smtp.mail.example.eu, as configured by the operator'],
      ['AI analyst (OpenAI-compatible API)', 'On the operator’s own server (this machine)'],
      ['Geocoding (Nominatim)', 'geo.internal.example, as configured by the operator'],
      ['VIES VAT number check', 'European Commission (European Union), at ec.europa.eu'],
      ['PostgreSQL database', 'A database server apart from the application, as configured by the operator'],
    ]);
    expect(rows[3]?.[2]).toMatch(/company’s address/);
    expect(rows[4]?.[2]).toMatch(/fiscal number/);
  });

  it('with no outside service configured, says that nothing leaves the server', () => {
    installPublicConfig({ outsideServices: [] });
    renderAt('/support/sub-processors', <SubProcessorsPage />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(section('services').textContent).toContain("None. This deployment sends no data to any outside service");
  });
});

describe('legal pages carry their date and what changed', () => {
  it.each([
    ['/support/privacy-policy', <PrivacyPage key="p" />, PRIVACY_CHANGES],
    ['/support/terms-of-service', <TermsPage key="t" />, TERMS_CHANGES],
  ] as const)('%s', (path, page, changes) => {
    installPublicConfig();
    renderAt(path, page);
    expect(screen.getByText('27 November 2026').getAttribute('datetime')).toBe('2026-11-27');
    const list = screen.getByText('What changed').nextElementSibling as HTMLElement;
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(changes.map((id) => t(id)));
  });
});
