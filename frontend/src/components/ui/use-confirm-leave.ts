import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `dirty`, asks `question` before a link or the back button leaves the page, and lets the browser
 * ask before the tab is closed or reloaded (it words that question itself).
 */
export function useConfirmLeave(dirty: boolean, question: string): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, question]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
