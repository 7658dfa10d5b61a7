import { storeConfig } from '@/config/store';
import { HomeView } from '@/features/home/components/home-view';

export default function HomeRoute() {
  return (
    <>
      <title>{`${storeConfig.name} | Cartas Yu-Gi-Oh! en Lima`}</title>
      <h1 className="visually-hidden">{storeConfig.name}: cartas Yu-Gi-Oh! sueltas en Lima</h1>
      <HomeView />
    </>
  );
}
