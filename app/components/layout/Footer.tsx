import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BallIcon } from "~/components/icons";

interface FooterCategory {
  name: string;
  slug: string;
}

const STORE_LINKS = [
  { to: "/products", label: "Productos" },
  { to: "/gift", label: "Cupones y regalos" },
  { to: "/blog", label: "Blog" },
  { to: "/card", label: "Carrito" },
  { to: "/about", label: "Sobre nosotros" },
  { to: "/contact", label: "Contacto" },
];

const ACCOUNT_LINKS = [
  { to: "/dashboard", label: "Mi perfil" },
  { to: "/register", label: "Crear cuenta" },
  { to: "/login", label: "Iniciar sesión" },
  { to: "/policy", label: "Términos y políticas" },
];

/** The social networks have no address yet (SPEC.md section 2), so they are named images, not links. */
function SocialIcon({ name, children }: { name: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" role="img" aria-label={name} className="size-5 fill-current">
      <title>{name}</title>
      {children}
    </svg>
  );
}

function LinkColumn({ heading, links }: { heading: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-bold tracking-wider text-white uppercase">{heading}</h2>
      <ul className="mt-4 space-y-2.5 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="rounded text-neutral-300 hover:text-ball">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer({ categories }: { categories: FooterCategory[] }) {
  return (
    <footer className="on-dark mt-16 bg-ink text-neutral-300">
      <div className="page-container grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 rounded text-lg font-extrabold text-white">
            <BallIcon />
            <span>
              Mercado <span className="text-ball">Pádel</span>
            </span>
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-relaxed">
            Palas, zapatillas, pelotas y accesorios de las mejores tiendas de pádel, en un solo lugar.
          </p>
          <ul className="mt-6 flex gap-3" aria-label="Redes sociales">
            <li className="grid size-10 place-items-center rounded-full bg-white/10 text-white">
              <SocialIcon name="Instagram">
                <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
                <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                <circle cx="17.5" cy="6.5" r="1.2" />
              </SocialIcon>
            </li>
            <li className="grid size-10 place-items-center rounded-full bg-white/10 text-white">
              <SocialIcon name="Facebook">
                <path d="M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.3c-.3 0-1.3-.1-2.5-.1-2.4 0-4.1 1.5-4.1 4.2v2.1H7.8v3.6h2.6V22H14v-9.9h2.7l.4-3.6H14Z" />
              </SocialIcon>
            </li>
            <li className="grid size-10 place-items-center rounded-full bg-white/10 text-white">
              <SocialIcon name="YouTube">
                <path d="M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.8 15V9l5.8 3-5.8 3Z" />
              </SocialIcon>
            </li>
          </ul>
        </div>
        <LinkColumn heading="Tienda" links={STORE_LINKS} />
        <LinkColumn heading="Cuenta" links={ACCOUNT_LINKS} />
        <div>
          <h2 className="text-sm font-bold tracking-wider text-white">CATEGORÍAS</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/products?category=${encodeURIComponent(category.slug)}`}
                  className="rounded text-neutral-300 hover:text-ball"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="page-container py-6 text-xs text-neutral-400">
          © {new Date().getFullYear()} Mercado Pádel. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
