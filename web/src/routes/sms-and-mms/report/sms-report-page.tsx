/**
 * `/sms-and-mms/campaign-report?id=&view=` and `/sms-and-mms/base-campaign-report/overview?id=`
 * (spec §2.1): the campaign report with the SMS views (overview, delivery,
 * failed, click) and the SMS overview.
 */
import { SMS_REPORT_VIEWS } from '../../../api/campaigns.js';
import { CampaignReportPage } from '../../../components/campaign-report/campaign-report-page.js';
import { SmsReportOverview } from './sms-report-overview.js';

export default function SmsReportPage() {
  return <CampaignReportPage views={SMS_REPORT_VIEWS} overview={(report) => <SmsReportOverview report={report} />} />;
}
