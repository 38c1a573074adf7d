import { SITE_TYPE_LABELS, SITE_TYPES, type SiteType } from '../../../shared/site-types';
import { Select } from '../../components/ui/select';

const OPTIONS = SITE_TYPES.map((type) => ({ value: type, label: SITE_TYPE_LABELS[type] }));

export interface SiteTypeSelectProps {
  id: string;
  /** '' for the activity's typical site */
  value: SiteType | '';
  onChange: (siteType: SiteType | '') => void;
  disabled?: boolean;
}

/**
 * What the site is (office, warehouse, plant…): the default, 'Typical for the activity', lets
 * the engine assume it and the report say so. A native select, like the country's.
 */
export function SiteTypeSelect({ id, value, onChange, disabled }: SiteTypeSelectProps) {
  return (
    <Select
      id={id}
      name="siteType"
      emptyOption="Typical for the activity"
      emptyOptionSelectable
      aria-describedby={`${id}-hint`}
      options={OPTIONS}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as SiteType | '')}
    />
  );
}
