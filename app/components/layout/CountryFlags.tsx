import type { ReactNode } from "react";
import { REGION_ZONES, type Region } from "#contract/region-time";

/**
 * The 'Ingresa desde' flags (SPEC.md section 2, decision 0039): each a plain link to /region, so the
 * choice works without JavaScript and comes back to the same page; the chosen one is marked.
 */
function Flag({ name, children }: { name: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 30 20"
      width="24"
      height="16"
      role="img"
      aria-label={name}
      className="rounded-[2px] ring-1 ring-white/30"
    >
      <title>{name}</title>
      {children}
    </svg>
  );
}

const VENEZUELA_STAR_ANGLES = [-70, -50, -30, -10, 10, 30, 50, 70];

const REGION_NAMES: Record<Region, string> = { es: "España", us: "Estados Unidos", ve: "Venezuela" };

function FlagLink({
  to,
  region,
  returnTo,
  children,
}: {
  to: Region;
  region: Region;
  returnTo: string;
  children: ReactNode;
}) {
  const chosen = to === region;
  return (
    <a
      href={`/region?to=${to}&back=${encodeURIComponent(returnTo)}`}
      aria-current={chosen ? "true" : undefined}
      title={`${REGION_NAMES[to]}: horas en ${REGION_ZONES[to].zoneName}`}
      className={`grid place-items-center rounded p-1 ${chosen ? "bg-white/20 ring-1 ring-ball" : "opacity-70 hover:opacity-100"}`}
    >
      {children}
    </a>
  );
}

export function CountryFlags({ region, returnTo }: { region: Region; returnTo: string }) {
  return (
    <>
      <ul className="flex items-center gap-1" aria-labelledby="ingresa-desde">
        <li>
          <FlagLink to="es" region={region} returnTo={returnTo}>
            <SpainFlag />
          </FlagLink>
        </li>
        <li>
          <FlagLink to="us" region={region} returnTo={returnTo}>
            <UsaFlag />
          </FlagLink>
        </li>
        <li>
          <FlagLink to="ve" region={region} returnTo={returnTo}>
            <VenezuelaFlag />
          </FlagLink>
        </li>
      </ul>
      <span className="sr-only" data-testid="region-choice">
        Estás en {REGION_NAMES[region]}: horas en {REGION_ZONES[region].zoneName}
      </span>
    </>
  );
}

function SpainFlag() {
  return (
    <Flag name="España">
      <rect width="30" height="20" fill="#c60b1e" />
      <rect y="5" width="30" height="10" fill="#ffc400" />
    </Flag>
  );
}

function UsaFlag() {
  return (
    <Flag name="Estados Unidos">
      <rect width="30" height="20" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((stripe) => (
        <rect key={stripe} y={(stripe * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
      ))}
      <rect width="13" height={(7 * 20) / 13} fill="#3c3b6e" />
    </Flag>
  );
}

function VenezuelaFlag() {
  return (
    <Flag name="Venezuela">
      <rect width="30" height="20" fill="#cf142b" />
      <rect width="30" height="13.34" fill="#00247d" />
      <rect width="30" height="6.67" fill="#ffcc00" />
      {VENEZUELA_STAR_ANGLES.map((angle) => (
        <circle
          key={angle}
          cx={(15 + 4.6 * Math.sin((angle * Math.PI) / 180)).toFixed(2)}
          cy={(13.2 - 4.6 * Math.cos((angle * Math.PI) / 180)).toFixed(2)}
          r="0.7"
          fill="#fff"
        />
      ))}
    </Flag>
  );
}
