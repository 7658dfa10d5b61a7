import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useLatestSets } from '../api/get-latest-sets';

/** The 10 newest sets as links; the desktop dropdown and the mobile menu both render it. */
export function LatestSetsLinks({ className }: { className?: string }) {
  const { data, error, isPending } = useLatestSets();
  if (isPending) return <p className="nav-status">Cargando sets…</p>;
  if (error) return <p className="nav-status">{errorMessage(error)}</p>;
  if (data.sets.length === 0) return <p className="nav-status">Aún no hay sets publicados.</p>;
  return (
    <ul className={className}>
      {data.sets.map((set) => (
        <li key={set.id}>
          <Link to={paths.set(set.id)}>{set.name}</Link>
        </li>
      ))}
    </ul>
  );
}
