import type { ReactNode } from "react";

/**
 * A section named by its own h2: `aria-labelledby` points at the heading's id, so screen
 * readers list it by that name (docs/decisions/0021). The id is written once, here.
 */
export function TitledSection({
  id,
  title,
  className,
  titleClassName = "text-xl font-bold text-slate-900",
  testId,
  children,
}: {
  /** The heading's id (unique on the page). */
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
