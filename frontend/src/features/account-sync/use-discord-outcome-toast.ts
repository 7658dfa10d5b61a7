import { messages } from '@tcg/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useToast } from '@/components/ui/toast/toast-provider';

const PARAM = 'discord';

/**
 * Announces how the trip to Discord ended (the callback sends the shopper back with `?discord=success`
 * or `?discord=error`) and drops the parameter, so a reload or a shared link does not announce it again.
 * Success is announced only once the account's link is known and is there: anyone can type the parameter.
 *
 * @param linked whether the account is linked to Discord; undefined while that is loading.
 */
export function useDiscordOutcomeToast(linked: boolean | undefined): void {
  const toast = useToast();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const outcome = params.get(PARAM);
  // StrictMode runs effects twice; the shopper should still read one toast per arrival.
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (outcome === null || announced.current === location.key) return;
    if (outcome === 'success' && linked === undefined) return;
    announced.current = location.key;
    if (outcome === 'success' && linked) toast.success(messages.discord.connected);
    if (outcome === 'error') toast.error(messages.discord.failed);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, linked, location.key, setParams, toast]);
}
