// Small inline SVG icons: no icon font, no extra request.
import type { ReactNode, SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

/** A fact of a detail page led by its icon (where it is, when it opens). */
export function IconLine({
  icon: LineIcon,
  className,
  children,
}: {
  icon: (props: IconProps) => ReactNode;
  /** Its spacing from the line above. */
  className: string;
  children: ReactNode;
}) {
  return (
    <p className={`${className} flex items-start gap-1 text-slate-700`}>
      <LineIcon width={16} height={16} className="mt-1 shrink-0" />
      {children}
    </p>
  );
}

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** The logo's paw: drawn once in IconSprite (the header, footer and hero each show it). */
export function PawIcon(props: IconProps) {
  return (
    <svg width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <use href="#i-paw" />
    </svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Icon>
  );
}

export function MapPinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </Icon>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </Icon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </Icon>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
    </Icon>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
    </Icon>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6v3.5h3V21h3.5v-7.5h3L16 10h-3.5V7a1 1 0 0 1 1-1H16Z" />
    </Icon>
  );
}

export function YoutubeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="m10 9 5 3-5 3Z" fill="currentColor" />
    </Icon>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}

export function TruckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="18" r="2" />
      <circle cx="17" cy="18" r="2" />
    </Icon>
  );
}

export function ExternalLinkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Icon>
  );
}

// Icons repeated on a page are drawn once (IconSprite, in the layout) and referenced: a
// page of cards would otherwise carry the same paths dozens of times. Cards and the
// layout draw their small line icons from the stylesheet instead (icon-* classes in
// app.css; docs/decisions/0041), which costs no element at all.
const STROKE = { stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;

export function IconSprite() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <symbol id="i-paw" viewBox="0 0 24 24">
        <ellipse cx="6" cy="9" rx="2.2" ry="2.8" />
        <ellipse cx="10" cy="5.5" rx="2.2" ry="2.8" />
        <ellipse cx="14.5" cy="5.5" rx="2.2" ry="2.8" />
        <ellipse cx="18.5" cy="9" rx="2.2" ry="2.8" />
        <path d="M12.2 11c-3 0-6.2 4.3-6.2 6.7 0 1.9 1.5 2.8 3.2 2.8 1.3 0 2-.6 3-.6s1.8.6 3 .6c1.7 0 3.2-.9 3.2-2.8 0-2.4-3.2-6.7-6.2-6.7Z" />
      </symbol>
      <symbol id="i-heart" viewBox="0 0 24 24">
        <path
          {...STROKE}
          d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z"
        />
      </symbol>
      <symbol id="i-share" viewBox="0 0 24 24" fill="none">
        <g {...STROKE}>
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.59 13.51 6.83 3.98M15.41 6.51l-6.82 3.98" />
        </g>
      </symbol>
    </svg>
  );
}

export function HeartIcon({ filled }: { filled?: boolean }) {
  return (
    <svg width="20" height="20" fill={filled ? "currentColor" : "none"} aria-hidden="true" focusable="false">
      <use href="#i-heart" />
    </svg>
  );
}

export function ShareIcon() {
  return (
    <svg width="20" height="20" aria-hidden="true" focusable="false">
      <use href="#i-share" />
    </svg>
  );
}
