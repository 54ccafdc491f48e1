import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { Socket } from "socket.io-client";
import {
  NEW_NOTIFICATION_EVENT,
  NOTIFICATION_TYPE_LABELS,
  RELOAD_NOTIFICATIONS_EVENT,
  SHOP_APPROVAL_EVENT,
  SHOP_REQUEST_EVENT,
} from "#contract/notification-events";
import type { NotificationItem } from "#contract/notifications";
import { regionShortDateTime, type Region } from "#contract/region-time";
import { BellIcon } from "~/components/icons";
import { CountBadge } from "./CountBadge";

/** A notification as the API pushes it (nuevaNotificacion) and /live-notifications lists it. */
type LiveNotification = NotificationItem;

interface UnreadAnswer {
  notifications: LiveNotification[];
  unreadCount: number;
  /** The shopper's region: each item's date is written in its zone, as the server's list writes it. */
  region: Region;
}

/** After a refused connection (a token that could not be fetched), try again this much later. */
const RETRY_REFUSED_MS = 15_000;

/**
 * Marks the tab whose WebSocket handshake a proxy held until it timed out: its later pages start
 * with long-polling instead of waiting that timeout again. The tab's storage, so another network
 * (another tab, a new session) tries WebSockets afresh.
 */
const POLLING_FIRST_KEY = "mp-campana-long-polling";
const POLLING_FIRST = ["polling", "websocket"] as const;

function tabStartsWithPolling(): boolean {
  try {
    return sessionStorage.getItem(POLLING_FIRST_KEY) === "1";
  } catch {
    return false;
  }
}

function rememberPollingFirst() {
  try {
    sessionStorage.setItem(POLLING_FIRST_KEY, "1");
  } catch {
    // Storage refused (private mode, full): this page still switches, the next waits again.
  }
}

async function fetchSocketToken(): Promise<string> {
  const response = await fetch("/socket-token", { method: "POST", headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`socket-token ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function fetchUnread(): Promise<UnreadAnswer | null> {
  const response = await fetch("/live-notifications", { headers: { accept: "application/json" } });
  if (!response.ok || !response.headers.get("content-type")?.includes("application/json")) return null;
  return (await response.json()) as UnreadAnswer;
}

/** SPEC.md section 3: items without a string message are skipped. */
const isShowable = (item: unknown): item is LiveNotification =>
  typeof item === "object" &&
  item !== null &&
  typeof (item as LiveNotification).message === "string" &&
  typeof (item as LiveNotification)._id === "string";

export interface NotificationBellProps {
  /** The address browsers reach the API at (PUBLIC_API_URL). */
  realtimeUrl: string;
  /** The unread count the server rendered; the bell starts from it and reloads when it changes. */
  unreadCount: number;
  /** The shopper's region: each item's date is written in its zone, as the server's list writes it. */
  region: Region;
}

/**
 * The header's bell once JavaScript runs on a signed-in page (SPEC.md section 4 "Live
 * notifications"): socket.io-client is loaded here only, it connects with a one-minute token
 * fetched on every (re)connection, and each connection first reloads the unread list over REST,
 * so nothing sent while it was away is lost. Dismissing an item marks it read. Unmounting (as on
 * logout, when the header no longer has a user) closes the connection.
 */
export function NotificationBell({ realtimeUrl, unreadCount, region }: NotificationBellProps) {
  const [items, setItems] = useState<LiveNotification[]>([]);
  const [count, setCount] = useState(unreadCount);
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  const shownItems = useRef(items);
  shownItems.current = items;
  // Ids pushed while a reload is under way: the list it brings may be older than they are.
  const pushedDuringReload = useRef<Set<string> | null>(null);
  // Reloads can overlap (a reconnect, then a page that changed the count): only the newest counts,
  // or an older answer arriving last would bring back what was read meanwhile.
  const latestReload = useRef(0);
  const reload = useCallback(async () => {
    const generation = ++latestReload.current;
    const pushed = new Set<string>();
    pushedDuringReload.current = pushed;
    const answer = await fetchUnread().catch(() => null);
    if (generation !== latestReload.current) return;
    pushedDuringReload.current = null;
    if (!answer) return;
    const fresh = answer.notifications.filter(isShowable);
    const missing = (item: LiveNotification) => pushed.has(item._id) && !fresh.some((other) => other._id === item._id);
    setItems((current) => [...current.filter(missing), ...fresh]);
    setCount(answer.unreadCount + pushed.size - fresh.filter((item) => pushed.has(item._id)).length);
  }, []);

  // The shop events (SPEC.md section 4) refresh what the page shows; a ref, so the connection outlives the revalidator's state.
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const socketRef = useRef<Socket | null>(null);
  useEffect(() => {
    let socket: Socket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    void import("socket.io-client").then(({ io }) => {
      if (stopped) return;
      socket = io(realtimeUrl, {
        // Authentication is the token below; credentials carry a balancer's sticky-session cookie,
        // which only the long-polling fallback needs (docs/decisions/0015).
        withCredentials: true,
        // A WebSocket first: one request, so a balancer in front of several APIs needs no sticky
        // sessions. Long-polling (several requests of one session) only where WebSockets fail.
        transports: tabStartsWithPolling() ? [...POLLING_FIRST] : ["websocket", "polling"],
        tryAllTransports: true,
        // Called on every (re)connection: a token lives one minute, never longer than needed. The
        // page keeps no access tokens (the web's server holds them), so shop events carry none.
        auth: (send) => {
          fetchSocketToken().then(
            (token) => send({ token, accessTokens: false }),
            () => send({}),
          );
        },
      });
      socketRef.current = socket;
      socket.on("connect", () => void reload());
      socket.on(RELOAD_NOTIFICATIONS_EVENT, () => void reload());
      socket.on(NEW_NOTIFICATION_EVENT, (item: unknown) => {
        if (!isShowable(item)) return;
        // The reload may have brought it already.
        if (shownItems.current.some((other) => other._id === item._id)) return;
        pushedDuringReload.current?.add(item._id);
        setItems((current) => [item, ...current.filter((other) => other._id !== item._id)]);
        setCount((current) => current + 1);
        setAnnouncement(`Nueva notificación: ${item.message}`);
      });
      // The user's shop request was decided: the loaders read the new state (on approval the seller
      // role, through a refreshed token: the API made the page's one stale). Not a reload, which
      // would throw away what the user is typing and cut short a link they just followed.
      socket.on(SHOP_APPROVAL_EVENT, () => revalidate.current());
      // An admin's queue moved (a request arrived or was decided): the loaders read it again, so the badge follows.
      socket.on(SHOP_REQUEST_EVENT, () => revalidate.current());
      socket.on("connect_error", (error) => {
        // No answer in time, where a failed WebSocket would have moved on to long-polling: a proxy
        // holds the handshake. Every attempt after this one, and the tab's later pages, start with
        // long-polling, upgraded where it can.
        if (error.message === "timeout" && socket) {
          socket.io.opts.transports = [...POLLING_FIRST];
          rememberPollingFirst();
        }
        // A refused handshake is not retried by socket.io itself.
        if (socket?.active || stopped) return;
        retry = setTimeout(() => socket?.connect(), RETRY_REFUSED_MS);
      });
    });
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.disconnect();
      socketRef.current = null;
    };
  }, [realtimeUrl, reload]);

  // The server's count changed (a notification read or deleted on another screen): reload the list.
  const serverCount = useRef(unreadCount);
  useEffect(() => {
    if (serverCount.current === unreadCount) return;
    serverCount.current = unreadCount;
    setCount(unreadCount);
    void reload();
  }, [unreadCount, reload]);

  // A new page: the list folds, and a connection refused for want of a fresh token (the page
  // load has just refreshed it) tries again.
  useEffect(() => {
    setOpen(false);
    const socket = socketRef.current;
    if (socket && !socket.connected && !socket.active) socket.connect();
  }, [location.key]);

  function dismiss(item: LiveNotification) {
    setItems((current) => current.filter((other) => other._id !== item._id));
    setCount((current) => Math.max(0, current - 1));
    const body = new FormData();
    body.set("notificationId", item._id);
    // Not marked read (no network, or the session is gone): it comes back.
    const restore = () => {
      setItems((current) => [...current, item].sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
      setCount((current) => current + 1);
    };
    fetch("/live-notifications", { method: "POST", body }).then((response) => {
      if (response.status === 401) restore();
    }, restore);
  }

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    setOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <div className="relative" onKeyDown={closeOnEscape} data-testid="notification-bell">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        title="Notificaciones"
        className="group relative grid size-10 place-items-center rounded-full text-white hover:bg-white/10"
      >
        <BellIcon />
        <CountBadge label="Notificaciones" count={count} />
      </button>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-4 text-ink shadow-xl ring-1 ring-black/10"
      >
        <h2 className="text-sm font-bold uppercase tracking-widest text-neutral-600">Notificaciones nuevas</h2>
        {items.length === 0 ? (
          <p className="mt-3 text-sm text-neutral-700">No hay notificaciones nuevas</p>
        ) : (
          <ul aria-label="Notificaciones nuevas" className="mt-3 max-h-80 space-y-2 overflow-y-auto">
            {items.map((item) => (
              <li key={item._id}>
                <button
                  type="button"
                  onClick={() => dismiss(item)}
                  data-testid="live-notification"
                  className="w-full rounded-lg border border-neutral-200 px-3 py-2 text-left text-sm hover:border-ink hover:bg-neutral-50"
                >
                  <span className="block font-semibold">{item.message}</span>
                  <span className="mt-1 block text-xs text-neutral-600">
                    {NOTIFICATION_TYPE_LABELS[item.type] ?? item.type} · {regionShortDateTime(region, item.createdAt)}
                  </span>
                  <span className="sr-only"> (pulsa para descartarla)</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Link
          to="/dashboard/system-notifications"
          className="mt-4 block text-sm font-semibold underline decoration-ball decoration-2 underline-offset-2"
        >
          Ver todas las notificaciones
        </Link>
      </div>
    </div>
  );
}
