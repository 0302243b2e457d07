import { href, Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
import { SafeImage } from "~/components/safe-image";
import { formatDayAndMonth, formatLongDate, formatTime } from "~/lib/format";
import { EVENT_CATEGORY_LABELS, labelOf } from "~/lib/labels";

export interface EventCardData {
  id: number;
  title: string;
  category: string;
  date: string;
  location: string;
  mainImageUrl: string | null;
  organizationName: string;
}

export function EventCard({ event }: { event: EventCardData }) {
  const { day, month } = formatDayAndMonth(event.date);
  const page = href("/evento/:id", { id: String(event.id) });
  return (
    <article id={`evento-${event.id}`} className="item-card event-card" data-testid="event-card">
      <SafeImage
        src={event.mainImageUrl}
        kind="event"
        alt=""
        width={400}
        height={225}
        variant="card"
      />
      {/* The day and month, big, over the photo: the full date is in the <time> below. */}
      <span
        className="grid min-w-12 place-items-center rounded-lg bg-white/95 px-2 py-1 text-xs font-semibold text-slate-600 uppercase shadow"
        aria-hidden="true"
      >
        <span className="text-lg leading-tight font-extrabold text-brand-700">{day}</span>
        {month}
      </span>
      <span className="badge absolute top-2 right-2 bg-accent-500 text-slate-900">{labelOf(EVENT_CATEGORY_LABELS, event.category)}</span>
      <h3>
        <Link to={page}>
          {event.title}
        </Link>
      </h3>
      <p >{event.organizationName}</p>
      <time dateTime={event.date} className="icon-clock">
        {`${formatLongDate(event.date)}, ${formatTime(event.date)}`}
      </time>
      <p className="icon-pin">{event.location}</p>
      <CardActions kind="events" id={event.id} name={event.title} path={page} anchor={`evento-${event.id}`} />
    </article>
  );
}
