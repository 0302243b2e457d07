import { href, Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
import { ClockIcon, MapPinIcon } from "~/components/icons";
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
    <article id={`evento-${event.id}`} className="card flex flex-col" data-testid="event-card">
      <Link to={page} className="relative block overflow-hidden rounded-t-xl">
        <SafeImage
          src={event.mainImageUrl}
          kind="event"
          alt={event.title}
          width={400}
          height={225}
          variant="card"
          className="aspect-video w-full bg-slate-100 object-cover"
        />
        <span className="absolute top-2 left-2 grid min-w-12 place-items-center rounded-lg bg-white/95 px-2 py-1 text-center leading-tight shadow">
          <span className="text-lg font-extrabold text-brand-700">{day}</span>
          <span className="text-xs font-semibold text-slate-600 uppercase">{month}</span>
        </span>
        <span className="badge absolute top-2 right-2 bg-accent-500 text-slate-900">
          {labelOf(EVENT_CATEGORY_LABELS, event.category)}
        </span>
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="font-semibold text-slate-900">
          <Link to={page} className="card-link hover:text-brand-700">
            {event.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">{event.organizationName}</p>
        <p className="flex items-center gap-1 text-sm text-slate-500">
          <ClockIcon width={14} height={14} className="shrink-0" />
          <time dateTime={event.date}>
            {formatLongDate(event.date)}, {formatTime(event.date)}
          </time>
        </p>
        <p className="mt-auto flex items-center gap-1 text-sm text-slate-500">
          <MapPinIcon width={14} height={14} className="shrink-0" /> {event.location}
        </p>
      </div>
      <CardActions kind="events" id={event.id} name={event.title} path={page} anchor={`evento-${event.id}`} />
    </article>
  );
}
