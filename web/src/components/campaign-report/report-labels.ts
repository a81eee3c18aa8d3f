import type { CampaignFamily } from '../../../../shared/domain/campaign-channels.js';
import type { EmailReportView } from '../../../../shared/domain/campaign-report.js';

/** The i18n key of a report view's name: an SMS or MMS that bounced is one that failed. */
export function reportViewLabel(family: CampaignFamily, view: EmailReportView): string {
  return family === 'sms' && view === 'bounce' ? 'report.view.failed' : `report.view.${view}`;
}
