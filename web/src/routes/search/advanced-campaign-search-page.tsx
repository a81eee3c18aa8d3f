/** `/advanced-search/emails?search=&tag=&tab=`: email campaigns by name, tag and status, the same list as `/emails`. */
import { ERROR_CODES } from '../../../../shared/errors.js';
import { ErrorPage } from '../error/error-page.js';
import { CampaignList } from '../emails/components/campaign-list.js';
import { useCampaignPermissions } from '../emails/use-campaign-permissions.js';

export default function AdvancedCampaignSearchPage() {
  const permissions = useCampaignPermissions();
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  return <CampaignList permissions={permissions} />;
}
