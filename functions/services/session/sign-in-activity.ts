/** Settings → account → sign-in activity: the user's recent sign-ins and open sessions, each of which can be ended. */
import { SIGN_IN_HISTORY } from '../../../shared/constants.js';
import { describeUserAgent, networkLocation } from '../../../shared/domain/user-agent.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TSignInActivity } from '../../../shared/schemas/account.js';
import { getOpenSession, listOpenSessions } from '../../data/sessions.js';
import { listRecentSignIns } from '../../data/sign-ins.js';
import type { VerifiedToken } from '../../lib/jwt.js';
import { endSessions } from './sessions.js';

export async function getSignInActivity({ claims, now }: { claims: VerifiedToken; now: Date }): Promise<TSignInActivity> {
  const [sessions, signIns] = await Promise.all([listOpenSessions(claims.loginTuid, now), listRecentSignIns(claims.loginTuid, SIGN_IN_HISTORY.listed, now)]);
  return {
    sessions: sessions
      .sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt))
      .map((session) => ({
        sid: session.sid,
        current: session.sid === claims.sid,
        createdAt: session.createdAt,
        lastActiveAt: session.lastActiveAt,
        ip: session.ip,
        location: networkLocation(session.ip),
        ...describeUserAgent(session.userAgent),
      })),
    signIns: signIns.map(({ location, ip, device, browser, browserVersion, time }) => ({ location, ip, device, browser, browserVersion, time })),
  };
}

/** Ends one of the user's sessions (VAL-REC-01 if it is not open); ending the current one is signing out. */
export async function endOwnSession({ claims, sid, now }: { claims: VerifiedToken; sid: string; now: Date }): Promise<void> {
  if (!(await getOpenSession(claims.loginTuid, sid, now))) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This session has already ended.');
  await endSessions({ loginTuid: claims.loginTuid, sid });
}
