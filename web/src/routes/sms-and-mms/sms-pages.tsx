/**
 * The SMS and MMS campaigns area behind one route: the list (the one both campaign areas show,
 * for the sms family) is in this chunk, the wizards and the report are chunks of their own, picked
 * by the path.
 * Every campaign piece below reads its family from the context provided here.
 */
import { Navigate, useLocation } from 'react-router-dom';
import { MMS_WIZARD_STEPS, SMS_WIZARD_STEPS } from '../../../../shared/schemas/campaigns.js';
import { CampaignsPage } from '../../components/campaigns/campaigns-page.js';
import { CampaignFamilyContext } from '../../components/campaigns/campaign-family.js';
import { NotFoundPage } from '../../components/error-page.js';
import { lazySubPage } from '../lazy-sub-page.js';

const SmsWizardPage = lazySubPage(() => import('./wizard/sms-wizard-page.js'));
const SmsReportPage = lazySubPage(() => import('./report/sms-report-page.js'));

/** Each wizard's steps, by the path's wizard segment. */
const WIZARDS: Record<string, readonly string[]> = { 'create-sms-campaign': SMS_WIZARD_STEPS, 'create-mms-campaign': MMS_WIZARD_STEPS };

function SmsPage() {
  const { pathname, search } = useLocation();
  const [, section = '', sub = ''] = pathname.split('/').filter(Boolean);
  if (section === '') return <CampaignsPage />;
  const steps = Object.hasOwn(WIZARDS, section) ? WIZARDS[section] : null;
  // A wizard without a step starts at the first one.
  if (steps && sub === '') return <Navigate to={`/sms-and-mms/${section}/select-groups${search}`} replace />;
  if (steps?.includes(sub)) return <SmsWizardPage />;
  if (section === 'campaign-report' && sub === '') return <SmsReportPage />;
  // The base campaign's report has the overview only (spec §2.1).
  if (section === 'base-campaign-report' && sub === 'overview') return <SmsReportPage />;
  return <NotFoundPage />;
}

export default function SmsPages() {
  return (
    <CampaignFamilyContext.Provider value="sms">
      <SmsPage />
    </CampaignFamilyContext.Provider>
  );
}
