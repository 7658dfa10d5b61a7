import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';

const EXTERNAL = /^https?:\/\//i;

interface SmartLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** Content editors may link anywhere: absolute http(s) links leave the shop in a new tab. */
export function SmartLink({ to, children, ...props }: SmartLinkProps) {
  if (EXTERNAL.test(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} {...props}>
      {children}
    </Link>
  );
}
