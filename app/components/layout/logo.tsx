import { Link } from "react-router";
import { PawIcon } from "~/components/icons";

export function Logo() {
  return (
    <Link to="/" className="flex min-h-11 shrink-0 items-center gap-2 font-extrabold text-lg whitespace-nowrap text-brand-700">
      <span className="grid size-9 place-items-center rounded-full bg-brand-600 text-white">
        <PawIcon width={20} height={20} />
      </span>
      <span>
        Patas <span className="text-accent-700">Conectadas</span>
      </span>
    </Link>
  );
}
