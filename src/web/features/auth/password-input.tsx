import { Eye, EyeOff } from 'lucide-react';
import { Input, type InputProps } from '../../components/ui/input';
import { t } from '../../lib/i18n';

interface PasswordInputProps extends Omit<InputProps, 'type'> {
  /** Plain-text display of the password. */
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
}

/** A password field with a show/hide toggle button inside it. */
export function PasswordInput({ visible, onVisibleChange, className, id, ...rest }: PasswordInputProps) {
  return (
    <div className="relative">
      <Input id={id} type={visible ? 'text' : 'password'} className={`pr-11 ${className ?? ''}`} {...rest} />
      <button
        type="button"
        onClick={() => onVisibleChange(!visible)}
        aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
        aria-controls={id}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500"
      >
        {visible ? <EyeOff className="size-4.5" aria-hidden="true" /> : <Eye className="size-4.5" aria-hidden="true" />}
      </button>
    </div>
  );
}
