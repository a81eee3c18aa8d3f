/**
 * Template sharing routes (spec §4 "Template and group sharing"), served by the templates Lambda
 * (functions/api/templates.ts spreads them in): the owner's side under a template, the receiver's
 * under shared-templates.
 */
import type { TEMPLATE_SHARE_ROUTES } from '../../shared/contracts/template-shares.js';
import type { templates } from '../../shared/contracts/templates.js';
import { OK } from '../../shared/schemas/common.js';
import type { RouteHandlers } from '../lib/http.js';
import {
  acceptShare,
  changeShareRights,
  copySharedTemplate,
  getSharedTemplate,
  leaveShare,
  listSharedWithMe,
  listSharesOfTemplate,
  lockSharedTemplate,
  rejectShare,
  removeShare,
  saveSharedTemplate,
  shareTemplate,
  unlockSharedTemplate,
} from '../services/templates/template-shares.js';

export const templateShareHandlers: Pick<RouteHandlers<typeof templates>, keyof typeof TEMPLATE_SHARE_ROUTES> = {
  listShares: async ({ caller: { tuid }, params }) => ({ data: await listSharesOfTemplate({ tuid, templateId: params.templateId }) }),
  share: async ({ caller: { tuid, loginTuid }, params, body, now }) => ({
    share: await shareTemplate({ tuid, loginTuid, templateId: params.templateId, input: body, now }),
  }),
  changeShareRights: async ({ caller: { tuid, loginTuid }, params, body, now }) => ({
    share: await changeShareRights({ tuid, loginTuid, ...params, rights: body.rights, now }),
  }),
  removeShare: async ({ caller: { tuid, loginTuid }, params, now }) => {
    await removeShare({ tuid, loginTuid, ...params, now });
    return OK;
  },
  sharedWithMe: async ({ caller: { tuid }, now }) => ({ data: await listSharedWithMe({ tuid, now }) }),
  getShared: async ({ caller: { tuid }, params, now }) => getSharedTemplate({ tuid, shareId: params.shareId, now }),
  saveShared: async ({ caller: { tuid, loginTuid }, params, body, now }) => ({
    template: await saveSharedTemplate({ tuid, loginTuid, shareId: params.shareId, input: body, now }),
  }),
  leaveShare: async ({ caller: { tuid, loginTuid }, params, now }) => {
    await leaveShare({ tuid, loginTuid, shareId: params.shareId, now });
    return OK;
  },
  acceptShare: async ({ caller: { tuid, loginTuid }, params, now }) => acceptShare({ tuid, loginTuid, shareId: params.shareId, now }),
  rejectShare: async ({ caller: { tuid, loginTuid }, params, now }) => {
    await rejectShare({ tuid, loginTuid, shareId: params.shareId, now });
    return OK;
  },
  copyShared: async ({ caller: { tuid, loginTuid }, params, now }) => ({ template: await copySharedTemplate({ tuid, loginTuid, shareId: params.shareId, now }) }),
  lockShared: async ({ caller: { tuid, loginTuid }, params, now }) => lockSharedTemplate({ tuid, loginTuid, shareId: params.shareId, now }),
  unlockShared: async ({ caller: { tuid, loginTuid }, params }) => {
    await unlockSharedTemplate({ tuid, loginTuid, shareId: params.shareId });
    return OK;
  },
};
