/** `/advanced-search/groups?search=&type=`: groups by name and type, the same list as `/groups`. */
import { ERROR_CODES } from '../../../../shared/errors.js';
import { ErrorPage } from '../../components/error-page.js';
import { GroupList } from '../../components/groups/group-list.js';
import { useGroupPermissions } from '../../components/groups/use-group-permissions.js';

export default function AdvancedGroupSearchPage() {
  const permissions = useGroupPermissions();
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  return <GroupList permissions={permissions} />;
}
