import { EU_COUNTRY_NAMES } from '../../../shared/countries';
import { Select, type ChoiceProps } from '../../components/ui/select';

const OPTIONS = EU_COUNTRY_NAMES.map((name) => ({ value: name, label: name }));

/**
 * Country selector: the 27 EU member states by name, empty option
 * 'Select a country'; the value is the country's name. A native select, so keyboards, screen
 * readers and mobile pickers work as users expect.
 */
export function CountrySelect({ onChange, ...rest }: ChoiceProps) {
  return (
    <Select name="country" required aria-required="true" emptyOption="Select a country" options={OPTIONS} {...rest} onChange={(e) => onChange(e.target.value)} />
  );
}
