import { Link } from 'react-router-dom';
import type { ButtonHTMLAttributes, ComponentProps } from 'react';
import './button.css';

type Variant = 'primary' | 'secondary' | 'ghost';

function classes(variant: Variant, className = '') {
  return `btn btn--${variant} ${className}`.trim();
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={classes(variant, className)} {...props} />;
}

export function ButtonLink({ variant = 'primary', className, ...props }: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link className={classes(variant, className)} {...props} />;
}
