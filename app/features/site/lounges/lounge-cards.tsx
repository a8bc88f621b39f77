import { Link } from "react-router";
import { ArtImage } from "#app/ui/art-image.tsx";
import type { Lounge } from "../site-config.ts";

/** Linked cards for a set of lounges: the home page shows all three, each lounge the other two. */
export function LoungeCards({ lounges, columns = 3 }: { lounges: readonly Lounge[]; columns?: 2 | 3 }) {
  return (
    <ul className={`grid gap-8 ${columns === 3 ? "md:grid-cols-3" : "md:grid-cols-2"}`}>
      {lounges.map((lounge) => (
        <li key={lounge.path}>
          <Link to={lounge.path} className="group block">
            <ArtImage
              src={lounge.image}
              alt=""
              width={640}
              height={420}
              className="rounded-sm border border-cedar transition-opacity group-hover:opacity-90"
            />
            <h3 className="mt-4 text-2xl text-cream group-hover:text-brass">{lounge.name}</h3>
          </Link>
          <p className="mt-1 text-sm text-brass">{lounge.neighbourhood}</p>
          <p className="mt-2 text-smoke">{lounge.summary}</p>
        </li>
      ))}
    </ul>
  );
}
