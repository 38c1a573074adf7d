import { SITE_TYPES, type SiteType } from '../../../shared/site-types';
import { Select, type ChoiceProps } from '../../components/ui/select';
import { SITE_TYPE_MESSAGES } from '../../entities/report/report-format';
import { t } from '../../lib/i18n';

/**
 * What the site is (office, warehouse, plant…): the default (''), 'Typical for the activity', lets
 * the engine assume it and the report say so. A native select, like the country's.
 */
export function SiteTypeSelect({ onChange, ...rest }: ChoiceProps<SiteType>) {
  return (
    <Select
      name="siteType"
      emptyOption={t('assessment.form.siteTypeTypical')}
      emptyOptionSelectable
      aria-describedby={`${rest.id}-hint`}
      options={SITE_TYPES.map((type) => ({ value: type, label: t(SITE_TYPE_MESSAGES[type]) }))}
      {...rest}
      onChange={(e) => onChange(e.target.value as SiteType | '')}
    />
  );
}
