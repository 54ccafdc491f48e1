import type { Region } from "#contract/region-time";
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import {
  BallIcon,
  BellIcon,
  CartIcon,
  CloseIcon,
  CompareIcon,
  HeartIcon,
  MenuIcon,
  SearchIcon,
} from "~/components/icons";
import { useHydrated } from "remix-utils/use-hydrated";
import { CountBadge } from "./CountBadge";
import { CountryFlags } from "./CountryFlags";
import { SearchBox } from "./SearchBox";

// Loaded only on a signed-in page once JavaScript runs, so no other page carries the bell's code
// (nor the contract's notification schemas it imports).
const NotificationBell = lazy(() =>
  import("./NotificationBell").then((module) => ({ default: module.NotificationBell })),
);

export interface HeaderUser {
  id: string;
  name: string;
  role: string;
}

export interface HeaderProps {
  /** The signed-in user; null for a visitor. */
  user?: HeaderUser | null;
  /** Unread notifications of the signed-in user. */
  notificationCount?: number;
  /** Where the browser reaches the API for live notifications; null for a visitor. */
  realtimeUrl?: string | null;
  compareCount?: number;
  favoriteCount?: number;
  cartCount?: number;
  /** The shopper's region (its cookie): the marked flag. */
  region?: Region;
}

const MENU_LINKS = [
  { to: "/products", label: "Productos" },
  { to: "/dashboard", label: "Mi perfil" },
  { to: "/blog", label: "Blog" },
];

function CountLink({ to, label, count, children }: { to: string; label: string; count: number; children: ReactNode }) {
  return (
    <Link
      to={to}
      title={label}
      className="group relative grid size-10 place-items-center rounded-full text-white hover:bg-white/10"
    >
      {children}
      <CountBadge label={label} count={count} />
      {/* Tooltip for pointer and keyboard users; screen readers already hear the label. */}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-1/2 top-full mt-2 hidden -translate-x-1/2 whitespace-nowrap rounded-md bg-white px-2 py-1 text-xs font-medium text-ink shadow-lg group-hover:block group-focus-visible:block"
      >
        {label}
      </span>
    </Link>
  );
}

/**
 * Fixed store header (SPEC.md section 2). The top strip scrolls away (sticky with a negative top);
 * on the home page the bar is see-through over the hero until the strip is gone.
 */
/** POST, so it works without JavaScript and no link or prefetch can sign anyone out. */
function LogoutForm({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Cerrar sesión
      </button>
    </Form>
  );
}

export function Header({
  user = null,
  notificationCount = 0,
  realtimeUrl = null,
  compareCount = 0,
  favoriteCount = 0,
  cartCount = 0,
  region = "es",
}: HeaderProps) {
  const location = useLocation();
  // Without JavaScript (and before it runs) the bell is a link to the notifications screen.
  const hydrated = useHydrated();
  const isHome = location.pathname === "/";
  const topStrip = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const [pastTopStrip, setPastTopStrip] = useState(false);

  useEffect(() => {
    const strip = topStrip.current;
    if (!strip) return;
    // The margin makes a strip that merely touches the top edge count as gone.
    const observer = new IntersectionObserver(([entry]) => setPastTopStrip(!entry.isIntersecting), {
      rootMargin: "-1px 0px 0px 0px",
    });
    observer.observe(strip);
    return () => observer.disconnect();
  }, []);

  // Opening a link from the menu or the search must not leave the overlay open on the next page. Not
  // on the first run: a menu a shopper opened while the page's scripts were on their way stays open.
  const shownLocation = useRef(location.key);
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    headerRef.current?.querySelectorAll("details[open]").forEach((details) => details.removeAttribute("open"));
  }, [location.key]);

  function closeOthers(opened: HTMLDetailsElement) {
    if (!opened.open) return;
    headerRef.current
      ?.querySelectorAll("details[open]")
      .forEach((details) => details !== opened && details.removeAttribute("open"));
  }

  // Escape folds an open menu or search panel and returns focus to its toggle.
  function closeOnEscape(event: KeyboardEvent<HTMLElement>) {
    const open = headerRef.current?.querySelector<HTMLDetailsElement>("details[open]");
    if (event.key !== "Escape" || !open) return;
    open.open = false;
    open.querySelector("summary")?.focus();
  }

  const transparent = isHome && !pastTopStrip;
  const notificationsLink = (
    <CountLink to="/dashboard/system-notifications" label="Notificaciones" count={notificationCount}>
      <BellIcon />
    </CountLink>
  );

  return (
    <header ref={headerRef} onKeyDown={closeOnEscape} className="site-header on-dark sticky -top-9 z-40 text-white">
      <div ref={topStrip} className="h-9 bg-neutral-900 text-xs text-neutral-200">
        <div className="page-container flex h-full items-center justify-end gap-3">
          <span id="ingresa-desde">Ingresa desde</span>
          <CountryFlags region={region} returnTo={location.pathname + location.search} />
        </div>
      </div>
      <div
        className={`relative ${
          transparent
            ? "bg-black scripting:bg-transparent scripting:bg-linear-to-b scripting:from-black/80 scripting:to-transparent"
            : "bg-black shadow-lg shadow-black/20"
        }`}
      >
        <div className="page-container flex h-16 items-center gap-1 sm:gap-3 md:gap-6">
          <Link
            to="/"
            className="mr-auto flex shrink-0 items-center gap-2 rounded text-base font-extrabold tracking-tight sm:text-lg md:mr-0"
          >
            <BallIcon />
            <span>
              Mercado <span className="text-ball">Pádel</span>
            </span>
          </Link>

          <nav aria-label="Principal" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {MENU_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className="rounded-full px-3 py-2 text-sm font-semibold text-neutral-100 hover:text-ball aria-[current=page]:text-ball"
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <SearchBox className="search-panel hidden max-md:absolute max-md:inset-x-0 max-md:top-full max-md:bg-black max-md:px-4 max-md:pb-4 md:ml-auto md:block md:w-72 lg:w-80" />

          <ul className="flex items-center gap-0.5">
            <li>
              {user && realtimeUrl && hydrated ? (
                <Suspense fallback={notificationsLink}>
                  <NotificationBell realtimeUrl={realtimeUrl} unreadCount={notificationCount} region={region} />
                </Suspense>
              ) : (
                notificationsLink
              )}
            </li>
            <li className="max-sm:hidden">
              <CountLink to="/my-compare" label="Comparar productos" count={compareCount}>
                <CompareIcon />
              </CountLink>
            </li>
            <li className="max-sm:hidden">
              <CountLink to="/favorites" label="Favoritos" count={favoriteCount}>
                <HeartIcon />
              </CountLink>
            </li>
            <li>
              <CountLink to="/card" label="Carrito de Compra" count={cartCount}>
                <CartIcon />
              </CountLink>
            </li>
          </ul>

          {user ? (
            <div className="max-md:hidden">
              <LogoutForm className="whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold text-neutral-100 hover:bg-white/10 hover:text-ball" />
            </div>
          ) : null}

          <details className="search-toggle group md:hidden" onToggle={(event) => closeOthers(event.currentTarget)}>
            <summary
              className="grid size-10 place-items-center rounded-full hover:bg-white/10"
              data-testid="search-toggle"
            >
              <SearchIcon className="size-6 group-open:hidden" />
              <CloseIcon className="hidden size-6 group-open:block" />
              <span className="sr-only">Mostrar búsqueda</span>
            </summary>
          </details>

          <details className="group md:hidden" onToggle={(event) => closeOthers(event.currentTarget)}>
            <summary
              className="grid size-10 place-items-center rounded-full hover:bg-white/10"
              data-testid="menu-toggle"
            >
              <MenuIcon className="size-6 group-open:hidden" />
              <CloseIcon className="hidden size-6 group-open:block" />
              <span className="sr-only">Menú</span>
            </summary>
            <nav
              aria-label="Menú móvil"
              className="absolute inset-x-0 top-full h-[calc(100dvh-4rem)] overflow-y-auto bg-black px-4 py-6"
            >
              <ul className="space-y-1 text-lg font-semibold">
                {MENU_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      className="block rounded-lg px-3 py-3 hover:bg-white/10 aria-[current=page]:text-ball"
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                {/* Phones have no room for these two icons in the bar. */}
                <li className="sm:hidden">
                  <Link to="/favorites" className="block rounded-lg px-3 py-3 hover:bg-white/10">
                    Favoritos{favoriteCount > 0 ? ` (${favoriteCount})` : ""}
                  </Link>
                </li>
                <li className="sm:hidden">
                  <Link to="/my-compare" className="block rounded-lg px-3 py-3 hover:bg-white/10">
                    Comparar productos{compareCount > 0 ? ` (${compareCount})` : ""}
                  </Link>
                </li>
                {user ? (
                  <li>
                    <LogoutForm className="block w-full rounded-lg px-3 py-3 text-left hover:bg-white/10" />
                  </li>
                ) : null}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
