import { useMemo } from 'react';
import { Select, type ChoiceProps } from '../../components/ui/select';
import { euCountryChoices } from '../../lib/countries';
import { t, useLocale } from '../../lib/i18n';

/**
 * Country selector: the 27 EU member states by name (in the reader's language and order), empty
 * option 'Select a country'; the value is the country's English name, as the server knows it.
 * A native select, so keyboards, screen readers and mobile pickers work as users expect.
 */
export function CountrySelect({ onChange, ...rest }: ChoiceProps) {
  const locale = useLocale();
  const options = useMemo(() => euCountryChoices(locale), [locale]);
  return (
    <Select name="country" required aria-required="true" emptyOption={t('assessment.form.selectCountry')} options={options} {...rest} onChange={(e) => onChange(e.target.value)} />
  );
}
