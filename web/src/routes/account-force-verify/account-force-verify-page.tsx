import { useUserInfo } from '../../api/user.js';
import { PageSpinner } from '../../components/page-spinner.js';
import ForceVerifyPage from '../../verification/force-verify-page.js';

/** `/account-force-verify` (a hidden-menu route of spec §2.2): the force-verify page on purpose. */
export default function AccountForceVerifyPage() {
  const { user } = useUserInfo();
  return user ? <ForceVerifyPage user={user} /> : <PageSpinner />;
}
