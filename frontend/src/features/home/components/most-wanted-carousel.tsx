import { messages, type MostWantedEntry } from '@tcg/domain';
import { Carousel, CarouselItem } from '@/components/ui/carousel';
import { SafeImage } from '@/components/ui/safe-image';
import { SmartLink } from '@/components/ui/smart-link';
import { formatMoney } from '@/lib/format';

export function MostWantedCarousel({ entries }: { entries: MostWantedEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Carousel title="Most Wanted">
      {entries.map((entry) => (
        <CarouselItem key={entry.id}>
          <SmartLink to={entry.link} className={`tile${entry.inStock ? '' : ' tile--sold-out'}`}>
            <span className="tile__media tile__media--card">
              {/* The name is written under it: the link says it once. */}
              <SafeImage src={entry.imageSmallUrl} alt="" width={168} height={245} />
              {!entry.inStock && <span className="tile__badge">{messages.catalog.soldOut}</span>}
            </span>
            <span className="tile__name">{entry.defaultName}</span>
            <span className="tile__meta">{entry.set}</span>
            {entry.price !== null && <span className="tile__price">{formatMoney(entry.price)}</span>}
          </SmartLink>
        </CarouselItem>
      ))}
    </Carousel>
  );
}
