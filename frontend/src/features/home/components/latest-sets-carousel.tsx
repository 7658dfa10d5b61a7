import { messages, type SetSummary } from '@tcg/domain';
import { Carousel, CarouselItem } from '@/components/ui/carousel';
import { SafeImage } from '@/components/ui/safe-image';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { Link } from 'react-router-dom';

export function LatestSetsCarousel({ sets }: { sets: SetSummary[] }) {
  if (sets.length === 0) {
    return (
      <section className="home-empty" aria-label={messages.catalog.latestSets}>
        <h2>{messages.catalog.latestSets}</h2>
        <p>Aún no hay sets publicados. Vuelve pronto para ver las novedades.</p>
      </section>
    );
  }
  return (
    <Carousel title={messages.catalog.latestSets}>
      {sets.map((set) => (
        <CarouselItem key={set.id}>
          <Link to={paths.set(set.id)} className="tile">
            <span className="tile__media tile__media--set">
              <SafeImage src={set.imageUrl} alt="" width={240} height={180} />
            </span>
            <span className="tile__name" title={set.name}>
              {set.name}
            </span>
            <span className="tile__meta">
              <time dateTime={set.releaseDate}>{formatDate(set.releaseDate)}</time>
            </span>
          </Link>
        </CarouselItem>
      ))}
    </Carousel>
  );
}
