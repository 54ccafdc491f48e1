import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { regionOfTimeZone } from "#contract/region-time";

/** Set once a session, so a browser in a zone outside the three does not ask on every page. */
const CHECKED = "mp-zona-vista";

function alreadyChecked(): boolean {
  try {
    if (sessionStorage.getItem(CHECKED)) return true;
    sessionStorage.setItem(CHECKED, "1");
  } catch {
    // Storage blocked: the check then runs on each page, which is only a little work.
  }
  return false;
}

/**
 * Issue 33: with JavaScript, the browser's own zone refines the region of a shopper who never
 * chose a flag, so a browser in Caracas reads Caracas times without doing anything. Spain is
 * already the default, so only another region is sent; Remix then reloads the page's data in it.
 * Rendered only while no region was chosen (the root loader says so); it draws nothing.
 */
export function RegionFromBrowser() {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  useEffect(() => {
    // After the page is idle: a phone's first Intl date formatter is not free (decision 0020).
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => {
      if (alreadyChecked()) return;
      const region = regionOfTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
      if (region && region !== "es") submit({ to: region }, { method: "post", action: "/region" });
    });
  }, [submit]);
  return null;
}
