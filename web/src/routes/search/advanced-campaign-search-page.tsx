/**
 * `/advanced-search/emails?search=&tag=&tab=` and `/advanced-search/sms-and-mms?...`: campaigns by
 * name, tag and status, the same list as `/emails` or `/sms-and-mms`, for the family of the path.
 */
import { useLocation } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { ErrorPage } from '../../components/error-page.js';
import { CampaignFamilyContext } from '../../components/campaigns/campaign-family.js';
import { CampaignList } from '../../components/campaigns/campaign-list.js';
import { useCampaignPermissions } from '../../components/campaigns/use-campaign-permissions.js';

export default function AdvancedCampaignSearchPage() {
  const family = useLocation().pathname.endsWith('/sms-and-mms') ? 'sms' : 'email';
  return (
    <CampaignFamilyContext.Provider value={family}>
      {/* Keyed: both tabs are this one route element, and one family's list must not linger under the other's tab. */}
      <CampaignSearch key={family} />
    </CampaignFamilyContext.Provider>
  );
}

function CampaignSearch() {
  const permissions = useCampaignPermissions();
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  return <CampaignList permissions={permissions} />;
}
