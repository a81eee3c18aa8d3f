/** The notification kinds grouped as the settings page lists them; every kind appears once. */
import type { NotificationType } from '../../../../../shared/domain/notifications.js';

export const KIND_GROUPS = [
  { id: 'campaigns', types: ['emailCampign', 'smsCampaign'] },
  { id: 'data', types: ['import', 'export'] },
  { id: 'credits', types: ['creditReady', 'payAsYouGoExpiryWarning', 'payAsYouGoExpired', 'storageLimit', 'contactLimit'] },
  { id: 'billing', types: ['paymentError', 'paymentReminder'] },
  { id: 'team', types: ['teamAdminApprove', 'teamAdminInform', 'outsiderApprove', 'teamResourceAllocation', 'connection'] },
  { id: 'sharing', types: ['smsIdentity', 'templateShare'] },
  { id: 'developers', types: ['webhook'] },
] as const satisfies readonly { id: string; types: readonly NotificationType[] }[];
