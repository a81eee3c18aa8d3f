/**
 * The email campaigns area behind one route (one entry in the entry's preload map): the list is in
 * this chunk, every other page is a chunk of its own, picked by the path.
 */
import { Navigate, useLocation } from 'react-router-dom';
import { EMAIL_WIZARD_STEPS, type EmailWizardStep } from '../../../../shared/schemas/campaigns.js';
import { NotFoundPage } from '../../components/error-page.js';
import { lazySubPage } from '../lazy-sub-page.js';
import { CampaignsPage } from '../../components/campaigns/campaigns-page.js';

const WizardPage = lazySubPage(() => import('./wizard/wizard-page.js'));
const ReportPage = lazySubPage(() => import('./report-page.js'));

function isWizardStep(name: string): name is EmailWizardStep {
  return EMAIL_WIZARD_STEPS.some((step) => step === name);
}

export default function EmailPages() {
  const { pathname, search } = useLocation();
  const [, section = '', sub = ''] = pathname.split('/').filter(Boolean);
  if (section === '') return <CampaignsPage />;
  // createCampaign without a step starts at the first one.
  if (section === 'create-email-campaign' && sub === '') return <Navigate to={`/emails/create-email-campaign/select-groups${search}`} replace />;
  if (section === 'create-email-campaign' && isWizardStep(sub)) return <WizardPage />;
  if (section === 'campaign-report' && sub === '') return <ReportPage />;
  // The base campaign's report has the overview only (spec §2.1).
  if (section === 'base-campaign-report' && sub === 'overview') return <ReportPage />;
  return <NotFoundPage />;
}
