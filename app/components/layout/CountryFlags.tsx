import type { ReactNode } from "react";

/**
 * The 'Ingresa desde' flags (SPEC.md section 2). They do nothing yet, so they are images with a
 * name, not buttons.
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

export function CountryFlags() {
  return (
    <ul className="flex items-center gap-2" aria-label="Países">
      <li>
        <Flag name="España">
          <rect width="30" height="20" fill="#c60b1e" />
          <rect y="5" width="30" height="10" fill="#ffc400" />
        </Flag>
      </li>
      <li>
        <Flag name="Estados Unidos">
          <rect width="30" height="20" fill="#fff" />
          {[0, 2, 4, 6, 8, 10, 12].map((stripe) => (
            <rect key={stripe} y={(stripe * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
          ))}
          <rect width="13" height={(7 * 20) / 13} fill="#3c3b6e" />
        </Flag>
      </li>
      <li>
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
      </li>
    </ul>
  );
}
