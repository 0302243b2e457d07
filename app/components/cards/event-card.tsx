import { href } from "react-router";
import { ItemCard, PlaceLine } from "~/components/cards/item-card";
import { SafeImage } from "~/components/safe-image";
import { formatDayAndMonth, formatEventDate } from "~/lib/format";
import { EVENT_CATEGORY_LABELS, labelOf } from "~/lib/labels";

export interface EventCardData {
  id: number;
  title: string;
  category: string;
  date: string;
  location: string;
  mainImageUrl: string | null;
  organizationName: string;
  /** From the city the visitor gave, when a list was filtered by one (docs/decisions/0041). */
  distanceKm?: number | null;
}

export function EventCard({ event }: { event: EventCardData }) {
  const { day, month } = formatDayAndMonth(event.date);
  const page = href("/evento/:id", { id: String(event.id) });
  return (
    <ItemCard
      anchor={`evento-${event.id}`}
      testId="event-card"
      className="event-card"
      kind="events"
      id={event.id}
      name={event.title}
      path={page}
      photo={<SafeImage src={event.mainImageUrl} kind="event" alt="" width={400} height={225} variant="card" />}
      badges={
        <>
          {/* The day and month, big, over the photo: the full date is in the <time> below. */}
          <span
            className="grid min-w-12 place-items-center rounded-lg bg-white/95 px-2 py-1 text-xs font-semibold text-slate-600 uppercase shadow"
            aria-hidden="true"
          >
            <span className="text-lg leading-tight font-extrabold text-brand-700">{day}</span>
            {month}
          </span>
          <span className="badge bg-accent-500 text-slate-900">{labelOf(EVENT_CATEGORY_LABELS, event.category)}</span>
        </>
      }
    >
      <p>{event.organizationName}</p>
      <time dateTime={event.date} className="icon-clock">
        {formatEventDate(event.date)}
      </time>
      <PlaceLine location={event.location} distanceKm={event.distanceKm} />
    </ItemCard>
  );
}
