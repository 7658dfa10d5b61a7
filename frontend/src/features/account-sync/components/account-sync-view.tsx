import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast/toast-provider';
import { errorMessage } from '@/lib/api-client';
import { useDisconnectDiscord } from '../api/disconnect-discord';
import { useDiscordLink, type DiscordUser } from '../api/get-discord-link';
import { discordAvatarUrl, discordDisplayName, DISCORD_START_URL } from '../discord-profile';
import { useDiscordOutcomeToast } from '../use-discord-outcome-toast';
import './account-sync.css';

function LinkedAccount({ user }: { user: DiscordUser }) {
  const toast = useToast();
  const disconnect = useDisconnectDiscord();
  const name = discordDisplayName(user);
  return (
    <div className="account-sync__card">
      <img className="account-sync__avatar" src={discordAvatarUrl(user)} alt={`Avatar de ${name}`} width={64} height={64} />
      <div className="account-sync__identity">
        <strong className="account-sync__name">{name}</strong>
        <span className="account-sync__username">@{user.username}</span>
        <span className="account-sync__status">Cuenta de Discord conectada</span>
      </div>
      <Button
        variant="secondary"
        disabled={disconnect.isPending}
        onClick={() => disconnect.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })}
      >
        {disconnect.isPending ? 'Desconectando…' : 'Desconectar'}
      </Button>
    </div>
  );
}

function Unlinked({ available }: { available: boolean }) {
  if (!available) {
    return <p className="account-sync__unavailable">La conexión con Discord no está disponible en este momento.</p>;
  }
  return (
    <div className="account-sync__card">
      <p className="account-sync__status">Tu cuenta aún no está conectada a Discord.</p>
      {/* A real navigation, not a client-side route: the server answers with the redirect to Discord. */}
      <a className="btn btn--primary" href={DISCORD_START_URL}>
        Conectar Discord
      </a>
    </div>
  );
}

function AccountSyncSkeleton() {
  return (
    <div className="account-sync__card" data-testid="account-sync-skeleton">
      <Skeleton width="64px" height="64px" className="account-sync__avatar" />
      <div className="account-sync__identity">
        <Skeleton width="10rem" height="1.2rem" />
        <Skeleton width="7rem" />
      </div>
    </div>
  );
}

/** Account sync (spec): connect or disconnect the shopper's Discord account. */
export function AccountSyncView() {
  const link = useDiscordLink();
  useDiscordOutcomeToast(link.data ? link.data.user !== null : undefined);
  return (
    <section className="page account-sync">
      <title>Vincular Discord</title>
      <h1>Vincular Discord</h1>
      <p className="page__lead">Conecta tu cuenta de Discord para unirte a la comunidad de la tienda.</p>
      {link.isPending && <AccountSyncSkeleton />}
      {link.isError && <ErrorState error={link.error} onRetry={() => void link.refetch()} />}
      {link.data && (link.data.user ? <LinkedAccount user={link.data.user} /> : <Unlinked available={link.data.available} />)}
    </section>
  );
}
