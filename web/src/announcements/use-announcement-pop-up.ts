/** Opens the first unread, still-valid pop-up announcement by itself, once per session (spec §4). */
import { useEffect, useRef } from 'react';
import type { TAnnouncement } from '../api/announcements.js';
import { useClaims } from '../session/session.js';
import { nextPopUp } from './pop-up.js';

// Per tab and session: a new sign-in (another sid) in this tab starts afresh.
let poppedUp: { sid: string; ids: Set<string> } = { sid: '', ids: new Set() };

function shownIn(sid: string): Set<string> {
  if (poppedUp.sid !== sid) poppedUp = { sid, ids: new Set() };
  return poppedUp.ids;
}

/** `busy`: a dialog is already up; the pop-up waits for it to close instead of replacing it. */
export function useAnnouncementPopUp(list: readonly TAnnouncement[] | undefined, busy: boolean, show: (announcement: TAnnouncement) => void): void {
  const sid = useClaims()?.sid;
  // The latest `show`, so a caller's inline function does not re-run the check on every render.
  const latestShow = useRef(show);
  useEffect(() => {
    latestShow.current = show;
  });
  useEffect(() => {
    if (!list || busy || !sid) return;
    const shown = shownIn(sid);
    const candidate = nextPopUp(list, Date.now(), shown);
    if (!candidate) return;
    shown.add(candidate.id);
    latestShow.current(candidate);
  }, [list, busy, sid]);
}
