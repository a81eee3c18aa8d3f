/** `/emails/campaign-report?id=&view=` and `/emails/base-campaign-report/overview?id=` (spec §2.1). */
import { EMAIL_REPORT_VIEWS } from '../../../../shared/domain/campaign-report.js';
import { CampaignReportPage } from '../../components/campaign-report/campaign-report-page.js';
import { ReportOverview } from '../../components/campaign-report/report-overview.js';

/** The email report: every view, and the overview of counters, rates, timeline and links. */
export default function EmailReportPage() {
  return <CampaignReportPage views={EMAIL_REPORT_VIEWS} overview={(report) => <ReportOverview report={report} />} />;
}
