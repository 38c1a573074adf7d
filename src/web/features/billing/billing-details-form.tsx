import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { countryByName, DEFAULT_COUNTRY_NAME } from '../../../shared/countries';
import { checkVatNumber, type VatRules } from '../../../shared/vat';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { euCountryChoices } from '../../lib/countries';
import { fieldError } from '../../lib/field-error';
import { t, useLocale } from '../../lib/i18n';

/** What the test checkout sends on completion: what Stripe Checkout collects. */
export interface BillingDetailsValues {
  company_name: string;
  address: string;
  country: string;
  vat_id?: string;
}

/** The check-digit library, loaded with the first check (it is large; the page paints without it). */
let rules: Promise<VatRules> | null = null;
const loadRules = () => (rules ??= import('stdnum') as Promise<VatRules>);

/** The VAT ID's problem in the server's words (shared/vat.ts) and the reader's language, or null when it is empty or valid. */
export async function vatIdProblem(vatId: string, countryName: string): Promise<string | null> {
  const country = countryByName(countryName);
  if (!vatId.trim() || !country) return null;
  const check = checkVatNumber(vatId, country, await loadRules());
  return check.ok ? null : fieldError(check.text);
}

/** A field of the form: its label (marked when `required`) over the input. */
function Field({ id, label, required, children }: { id: string; label: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
    </div>
  );
}

/**
 * Company name, billing address, country and EU VAT ID, as Stripe Checkout asks for them. The VAT
 * ID is checked here with the same rules the server applies, and the same message is shown.
 */
export function BillingDetailsForm({
  id,
  defaultCompany,
  serverError,
  onSubmit,
}: {
  id: string;
  defaultCompany: string;
  serverError: string | null;
  onSubmit: (values: BillingDetailsValues) => void;
}) {
  const [company, setCompany] = useState(defaultCompany);
  const [address, setAddress] = useState('');
  const [country, setCountry] = useState(DEFAULT_COUNTRY_NAME);
  const [vatId, setVatId] = useState('');
  const [vatError, setVatError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = await vatIdProblem(vatId, country);
    setVatError(problem);
    if (problem) return;
    onSubmit({ company_name: company.trim(), address: address.trim(), country, ...(vatId.trim() ? { vat_id: vatId.trim() } : {}) });
  };
  const error = vatError ?? serverError;
  const locale = useLocale();
  // Named and sorted in the active language; each value stays the English name the server knows.
  const countries = useMemo(() => euCountryChoices(locale), [locale]);

  return (
    <form id={id} className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate={false}>
      <Field id="billing-company" label={t('billing.details.companyName')} required>
        <Input id="billing-company" required maxLength={200} value={company} onChange={(e) => setCompany(e.target.value)} autoComplete="organization" />
      </Field>
      <Field id="billing-address" label={t('billing.details.address')} required>
        <Input id="billing-address" required maxLength={500} value={address} onChange={(e) => setAddress(e.target.value)} autoComplete="street-address" />
      </Field>
      <Field id="billing-country" label={t('billing.details.country')} required>
        <Select id="billing-country" options={countries} value={country} onChange={(e) => setCountry(e.target.value)} />
      </Field>
      <Field id="billing-vat" label={t('billing.details.vatId')}>
        <Input
          id="billing-vat"
          maxLength={40}
          value={vatId}
          placeholder={t('billing.details.vatExample', { example: 'DE143454214' })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'billing-vat-error' : undefined}
          onChange={(e) => {
            setVatId(e.target.value);
            setVatError(null);
          }}
        />
        {error && (
          <p id="billing-vat-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </Field>
    </form>
  );
}
