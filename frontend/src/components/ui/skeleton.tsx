import './skeleton.css';

interface SkeletonProps {
  width?: string;
  height?: string;
  className?: string;
}

export function Skeleton({ width = '100%', height = '1rem', className = '' }: SkeletonProps) {
  return <span className={`skeleton ${className}`} style={{ width, height }} aria-hidden="true" />;
}
