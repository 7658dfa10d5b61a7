import { AccountSyncView } from '@/features/account-sync/components/account-sync-view';
import '@/components/ui/page.css';

export default function AccountSyncRoute() {
  return <AccountSyncView />;
}
