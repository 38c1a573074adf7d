import { EU_COUNTRY_NAMES } from '../../../shared/countries';
import { Select } from '../../components/ui/select';

const OPTIONS = EU_COUNTRY_NAMES.map((name) => ({ value: name, label: name }));

export interface CountrySelectProps {
  id: string;
  value: string;
  onChange: (country: string) => void;
  disabled?: boolean;
}

/**
 * Country selector: the 27 EU member states by name, empty option
 * 'Select a country'; the value is the country's name. A native select, so keyboards, screen
 * readers and mobile pickers work as users expect.
 */
export function CountrySelect({ id, value, onChange, disabled }: CountrySelectProps) {
  return (
    <Select
      id={id}
      name="country"
      required
      aria-required="true"
      emptyOption="Select a country"
      options={OPTIONS}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
