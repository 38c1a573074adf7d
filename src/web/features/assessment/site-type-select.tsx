import { SITE_TYPE_LABELS, SITE_TYPES, type SiteType } from '../../../shared/site-types';
import { Select, type ChoiceProps } from '../../components/ui/select';

const OPTIONS = SITE_TYPES.map((type) => ({ value: type, label: SITE_TYPE_LABELS[type] }));

/**
 * What the site is (office, warehouse, plant…): the default (''), 'Typical for the activity', lets
 * the engine assume it and the report say so. A native select, like the country's.
 */
export function SiteTypeSelect({ onChange, ...rest }: ChoiceProps<SiteType>) {
  return (
    <Select
      name="siteType"
      emptyOption="Typical for the activity"
      emptyOptionSelectable
      aria-describedby={`${rest.id}-hint`}
      options={OPTIONS}
      {...rest}
      onChange={(e) => onChange(e.target.value as SiteType | '')}
    />
  );
}
