import type { ReactNode } from "react";

/** Line icons drawn inline (no icon font, no library); decorative, so hidden from assistive tech. */
function LineIcon({ children, className = "size-6" }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { className?: string };

export const BellIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </LineIcon>
);

export const CompareIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="m16 3 4 4-4 4" />
    <path d="M20 7H4" />
    <path d="m8 21-4-4 4-4" />
    <path d="M4 17h16" />
  </LineIcon>
);

export const HeartIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7Z" />
  </LineIcon>
);

export const CartIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <circle cx="8" cy="21" r="1" />
    <circle cx="19" cy="21" r="1" />
    <path d="M2 2h2l2.7 12.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L22 7H5.1" />
  </LineIcon>
);

export const SearchIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </LineIcon>
);

export const MenuIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </LineIcon>
);

export const CloseIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M18 6 6 18M6 6l12 12" />
  </LineIcon>
);

export const GridIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <rect x="14" y="14" width="7" height="7" rx="1" />
  </LineIcon>
);

export const ListIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
  </LineIcon>
);

export const SlidersIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
  </LineIcon>
);

export const ArrowRightIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </LineIcon>
);

export const ChevronDownIcon = ({ className }: IconProps) => (
  <LineIcon className={className}>
    <path d="m6 9 6 6 6-6" />
  </LineIcon>
);

/** The store's mark: a padel ball. */
export const BallIcon = ({ className = "size-7" }: IconProps) => (
  <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
    <circle cx="16" cy="16" r="15" fill="var(--color-ball)" />
    <path
      d="M4.5 8.5c5 2.5 7 6 7 7.5s-2 5-7 7.5M27.5 8.5c-5 2.5-7 6-7 7.5s2 5 7 7.5"
      fill="none"
      stroke="#fff"
      strokeWidth="2"
    />
  </svg>
);
