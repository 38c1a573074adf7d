import { Link, type LinkProps } from 'react-router';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button';

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** A router link styled as a button (navigation stays a link for assistive technology). */
export function LinkButton({ variant = 'primary', size = 'md', fullWidth = false, className, ...rest }: LinkButtonProps) {
  return <Link className={buttonClasses(variant, size, fullWidth, className)} {...rest} />;
}
