import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { Label } from './label';
import { fieldClasses } from './field-styles';

export interface SelectOption {
  value: string;
  label: string;
  /** The language the label is in, when not the page's (a language named in itself). */
  lang?: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
  /** Text of a first, empty option shown while nothing is selected (e.g. 'Select a country'). */
  emptyOption?: string;
  /** Lets the user pick the empty option again (an "unselected" choice); otherwise it is disabled. */
  emptyOptionSelectable?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A select of one kind of value, '' while none is chosen. */
export interface ChoiceProps<T extends string = string> {
  id: string;
  value: T | '';
  onChange: (value: T | '') => void;
  disabled?: boolean;
}

/** A styled native select: keyboard, screen-reader and mobile pickers work out of the box. */
export function Select({ options, emptyOption, emptyOptionSelectable = false, className, ...rest }: SelectProps) {
  return (
    <div className="relative">
      <select className={cn(fieldClasses, 'h-11 cursor-pointer appearance-none pr-10', className)} {...rest}>
        {emptyOption !== undefined && (
          <option value="" disabled={!emptyOptionSelectable}>
            {emptyOption}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}

/** An optional choice under its label: the empty option stays selectable. */
export function OptionalSelect({ id, label, ...select }: SelectProps & { id: string; label: string }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} emptyOptionSelectable {...select} />
    </div>
  );
}

/** A choice under its label, joined by an id made here (as InputField); `children` go under it (a note). */
export function SelectField({ label, children, ...select }: Omit<SelectProps, 'id'> & { label: string; children?: ReactNode }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} {...select} />
      {children}
    </div>
  );
}
