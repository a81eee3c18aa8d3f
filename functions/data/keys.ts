/**
 * Key formats of the single table. Every tenant-owned item starts with the account it belongs
 * to; only the repository modules in this folder import these.
 */
export const keys = {
  /** The account's profile and settings: one item per account. */
  account: (tuid: string) => ({ PK: `ACCOUNT#${tuid}`, SK: 'PROFILE' }),
  /** Login email → account: makes the login email unique. */
  login: (email: string) => ({ PK: `LOGIN#${email}`, SK: 'LOGIN' }),
  session: (loginTuid: string, sid: string) => ({ PK: `ACCOUNT#${loginTuid}`, SK: `SESSION#${sid}` }),
  verification: (tuid: string, purpose: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `VERIFY#${purpose}` }),
  rateWindow: (scope: string, subject: string, windowStart: number) => ({ PK: `RATE#${scope}#${subject}`, SK: `WINDOW#${windowStart}` }),
  notificationPrefix: 'NOTIF#',
  notification: (userId: string, createTime: string, id: string) => ({ PK: `ACCOUNT#${userId}`, SK: `NOTIF#${createTime}#${id}` }),
  announcementPartition: 'ANNOUNCEMENTS',
  announcement: (publishedTime: string, id: string) => ({ PK: 'ANNOUNCEMENTS', SK: `${publishedTime}#${id}` }),
  announcementRead: (userId: string, id: string) => ({ PK: `ACCOUNT#${userId}`, SK: `ANNREAD#${id}` }),
  /** When the user last marked every announcement read. */
  announcementsReadAll: (userId: string) => ({ PK: `ACCOUNT#${userId}`, SK: 'ANNREADALL' }),
  cartItemPrefix: 'CART#',
  cartItem: (tuid: string, id: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `CART#${id}` }),
  accountPartition: (tuid: string) => `ACCOUNT#${tuid}`,
  connectionPrefix: 'CONN#',
  connection: (userId: string, connectionId: string) => ({ PK: `ACCOUNT#${userId}`, SK: `CONN#${connectionId}` }),
  connectionLookup: (connectionId: string) => ({ GSI1PK: `CONN#${connectionId}`, GSI1SK: 'CONN' }),
  /** System item: the delivery claim of one outbound transactional mail. */
  mailDelivery: (id: string) => ({ PK: `MAIL#${id}`, SK: 'DELIVERY' }),
} as const;

/** Epoch seconds, the unit of the table's TTL attribute. */
export function ttlSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
