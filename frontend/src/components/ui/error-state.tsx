import { useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Button } from './button';
import './page.css';

/** What could not be loaded, and 'Reintentar': tapped, or by itself when the browser is back online. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    const retryOnline = () => retry.current?.();
    window.addEventListener('online', retryOnline);
    return () => window.removeEventListener('online', retryOnline);
  }, []);
  return (
    <div className="error-state" role="alert">
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Reintentar
        </Button>
      )}
    </div>
  );
}
